/* list.h - every task, one line each, sorted by name (tests/test_registry.c checks
 * the order and that each generators/<task>.c is listed).
 *
 * Adding a task:
 *  1. generators/<task>.c with `const generator gen_<task> = {...}` (see
 *     common/generator.h; counting_circles.c is a short model).
 *  2. A GEN_TASK(<task>) line here, in sorted order.
 *  3. Prompts in the descriptor, in this project's own words; answers in the format
 *     output_prompt asks for.
 *  4. tests/check_<task>.c: recompute the answer from the scene (tests/harness.h).
 *  5. Reference images: GEN_UPDATE_REFERENCE=1 ctest -R golden, then look at them.
 *  6. docs/tasks/<task>.md with one example image.
 */
GEN_TASK(counting_circles)
GEN_TASK(match_outline)
GEN_TASK(match_shadow)
GEN_TASK(mirror_image)
GEN_TASK(water_image)
