/* SPDX-License-Identifier: MIT */
/* list.h - every task, one line each, sorted by name (tests/test_registry.c checks
 * the order and that each generators/<task>.c is listed).
 *
 * Adding a task:
 *  1. generators/<task>.c with `const generator gen_<task> = {...}` (see
 *     common/engine/generator.h; counting_circles.c is a short model).
 *  2. A GEN_TASK(<task>) line here, in sorted order.
 *  3. Prompts in the descriptor, in this project's own words; output_prompt asks
 *     for the last line `ANSWER: ...`, and the `answer` spec says how gen score
 *     reads it (a row in tests/test_answer.c tests it).
 *  4. tests/check_<task>.c: recompute the answer from the scene (tests/harness.h).
 *  5. Reference images: GEN_UPDATE_REFERENCE=1 ctest -R golden, then look at them.
 *  6. docs/tasks/<task>.md with one example image.
 */
GEN_TASK(change_colour)
GEN_TASK(circle_boxes)
GEN_TASK(circle_location)
GEN_TASK(circle_right_triangle)
GEN_TASK(colours_present)
GEN_TASK(comp_conjunctive)
GEN_TASK(comp_sequential)
GEN_TASK(comparing_size)
GEN_TASK(count_coloured_circles)
GEN_TASK(counting_circles)
GEN_TASK(counting_locations)
GEN_TASK(counting_shapes)
GEN_TASK(cross_and_knots)
GEN_TASK(graph_counting)
GEN_TASK(grid_path)
GEN_TASK(identifying_shapes)
GEN_TASK(inside_circles)
GEN_TASK(layered_colours)
GEN_TASK(layered_shapes)
GEN_TASK(list_colours)
GEN_TASK(list_shapes)
GEN_TASK(locate_circles_colour)
GEN_TASK(locate_circles_shape)
GEN_TASK(match_outline)
GEN_TASK(match_shadow)
GEN_TASK(maze_solving)
GEN_TASK(mirror_image)
GEN_TASK(numbered_shapes)
GEN_TASK(sort_circles)
GEN_TASK(sort_lines)
GEN_TASK(vanishing_objects)
GEN_TASK(water_image)
