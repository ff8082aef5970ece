#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Makes tests/release_vectors/<task>.jsonl: responses and the release's verdicts on them.

For every task, for records of the ORIGINAL script's own output (its data.json), a corpus of
responses (the gold answer in the release's format; reasoning before it; case and markdown;
wrong values in the right format; unparseable prose; the parsers' quirks) is run through the
release's own utils.py (output_from_text) and eval.py (one record at a time), and each vector
keeps what they said: Output, whether ERROR was set, the verdict, whether eval.py dropped the
record (or crashed on it), and the category key.  tests/test_release.c then checks that gen
decides every vector the same way.

Needs the originals, which are never committed and never needed by CI:
    PERCEPT_V_ORIG   a copy of dair-iitd/Percept-V (task folders with utils.py, eval.py)
    PERCEPT_V_RUNS   a pattern for the original scripts' output folders, with %s for the task
                     (e.g. /tmp/orig-%s, made by run-original.sh), each holding data.json
Usage: PERCEPT_V_ORIG=... PERCEPT_V_RUNS=... /usr/bin/python3 make_vectors.py [OUTDIR] [TASK ...]
Without them it says so and exits 0.
"""
import contextlib
import importlib.util
import io
import json
import os
import random
import re
import runpy
import sys
import tempfile

TASKS = """change_colour circle_boxes circle_location circle_right_triangle colours_present comparing_size
count_coloured_circles counting_circles counting_locations counting_shapes cross_and_knots graph_counting
grid_path identifying_shapes inside_circles layered_colours layered_shapes list_colours list_shapes
locate_circles_colour locate_circles_shape match_outline match_shadow maze_solving mirror_image
numbered_shapes sort_circles sort_lines vanishing_objects water_image""".split()

# Files the repository stores once, under a sibling task with the same format.
UTILS_FROM = {"circle_boxes": "count_coloured_circles", "counting_circles": "count_coloured_circles",
              "mirror_image": "water_image", "locate_circles_shape": "locate_circles_colour"}
EVAL_FROM = {"match_outline": "match_shadow", "locate_circles_colour": "locate_circles_shape"}


def gold_text(task, r):
    """The gold answer in the task's own format (written independently of gen)."""
    j = lambda v, sep: sep.join(str(x) for x in v)
    return {
        "change_colour": lambda: "COUNT:%d" % r["num_differences"],
        "circle_boxes": lambda: "COUNT:%d" % r["answer"],
        "circle_location": lambda: "QUADRANT:%d COUNT:%d" % (r["quadrant"], r["count"]),
        "circle_right_triangle": lambda: "YES" if r["right"] else "NO",
        "colours_present": lambda: "ANSWER: " + j(r["colours_present"], ", "),
        "comparing_size": lambda: "ANSWER: " + j(r["Gold_output"], " "),
        "count_coloured_circles": lambda: "COUNT:%d" % r["red_circle"],
        "counting_circles": lambda: "COUNT:%d" % r["num_objects"],
        "counting_locations": lambda: "ABOVE:%d BELOW:%d" % (r["num_objects_over_table"],
                                                             r["num_objects_under_table"]),
        "counting_shapes": lambda: "CIRCLES:%d TRIANGLES:%d SQUARES:%d" % (r["circles"], r["triangles"],
                                                                           r["squares"]),
        "cross_and_knots": lambda: "(%d,%d)" % tuple(r["gold_output"][0]) if r["gold_output"] else "None",
        "graph_counting": lambda: "NODES:%d EDGES:%d" % (r["num_nodes"], r["num_edges"]),
        "grid_path": lambda: "SHAPES : " + j(r["gold_output"], " , "),
        "identifying_shapes": lambda: "ANSWER: " + j(r["Gold_output"], " "),
        "inside_circles": lambda: "ANSWER: " + ("Yes" if r["inside_circles"] else "No"),
        "layered_colours": lambda: "COLOURS: " + j(r["colors"], " , "),
        "layered_shapes": lambda: "SHAPES : " + j(r["order"], " , "),
        "list_colours": lambda: j(r["list_colours"], ", "),
        "list_shapes": lambda: j(r["list_shapes"], ", "),
        "locate_circles_colour": lambda: " ".join("(%d,%d)" % tuple(c) for c in r["gold_output"]),
        "locate_circles_shape": lambda: " ".join("(%d,%d)" % tuple(c) for c in r["gold_output"]),
        "match_outline": lambda: "ANSWER:%d" % r["Gold_output"],
        "match_shadow": lambda: "ANSWER:%d" % r["Gold_output"],
        "maze_solving": lambda: j(r["path"], ","),
        "mirror_image": lambda: "COUNT: %d" % r["mirror_image"],
        "numbered_shapes": lambda: "CIRCLES: " + j(r["circles"], ", "),
        "sort_circles": lambda: j(r["Gold_output"], " "),
        "sort_lines": lambda: j(r["Gold_output"], " "),
        "vanishing_objects": lambda: "COUNT:%d" % r["vanished"],
        "water_image": lambda: "COUNT: %d" % r["water_image"],
    }[task]()


def wrong(task, gold, rnd):
    """The gold with one value changed, in the same format."""
    nums = list(re.finditer(r"\d+", gold))
    if task in ("circle_right_triangle", "inside_circles"):
        return gold.replace("YES", "NO") if "YES" in gold else gold.replace("NO", "YES").replace(
            "Yes", "No") if "Yes" in gold else gold.replace("No", "Yes")
    if task == "cross_and_knots" and gold == "None":
        return "(0,0)"
    if task in ("colours_present",):
        return gold.replace("Yes", "No", 1) if "Yes" in gold else gold.replace("No", "Yes", 1)
    if task == "comparing_size":
        return gold.replace("Blue", "Red", 1) if "Blue" in gold else gold.replace("Green", "Blue", 1)
    words = re.findall(r"[A-Za-z]+", gold)
    if nums and task not in ("grid_path", "identifying_shapes", "layered_colours", "layered_shapes",
                             "list_colours", "list_shapes"):
        m = rnd.choice(nums)
        v = int(m.group()) + rnd.choice([1, 2, 3])
        return gold[:m.start()] + str(v) + gold[m.end():]
    if len(words) > 1:
        w = rnd.choice(words[1:] if words[0].isupper() else words)
        return gold.replace(w, "hexagon" if "a" in w else "maroon", 1)
    return gold + " extra"


PROSE = ["I cannot determine the answer from this image.", "The image is unclear to me.",
         "There seem to be several objects here but I can't be sure of anything.", "",
         "   ", "```\n```", "Answer: unknown", "N/A"]

# Generic ways to wrap or bend an answer: (name, function(gold, rnd) -> response).
GENERIC = [
    ("gold", lambda g, r: g),
    ("reasoning", lambda g, r: "Let me look at the image carefully.\nI count each item in turn.\n" + g),
    ("bold", lambda g, r: "**" + g + "**"),
    ("lower", lambda g, r: g.lower()),
    ("upper", lambda g, r: g.upper()),
    ("fence", lambda g, r: "```\n" + g + "\n```"),
    ("full stop", lambda g, r: g + "."),
    ("after", lambda g, r: g + "\nI hope this helps!"),
    ("answer prefix", lambda g, r: "ANSWER: " + g),
    ("final answer", lambda g, r: "Final answer: " + g),
    ("trailing newlines", lambda g, r: g + "\n\n"),
    ("leading spaces", lambda g, r: "   " + g + "   "),
    ("crlf", lambda g, r: "Reasoning first.\r\n" + g + "\r\n"),
    ("heading", lambda g, r: "### " + g),
    ("quote", lambda g, r: "> " + g),
    ("blank line", lambda g, r: "Here is my answer:\n\n" + g),
    ("two answers", lambda g, r: g + "\n" + g),
    ("dash line", lambda g, r: g + "\n---"),
    ("nbsp", lambda g, r: g.replace(" ", "\u00a0")),
    ("em dash", lambda g, r: "\u2014 " + g),
    ("accent", lambda g, r: "R\u00e9ponse: " + g),
    ("fullwidth digits", lambda g, r: g.translate({ord(c): 0xFF10 + ord(c) - 48 for c in "0123456789"})),
    ("arabic digits", lambda g, r: g.translate({ord(c): 0x660 + ord(c) - 48 for c in "0123456789"})),
    ("tag", lambda g, r: g + " <end>"),
    ("tab", lambda g, r: g.replace(" ", "\t")),
    ("json", lambda g, r: json.dumps({"answer": g})),
    ("earlier mention", lambda g, r: "At first I thought " + g.lower() + " but let me check.\n" + g),
    ("number words", lambda g, r: g + " (that is my count of 2 groups)"),
    ("superscript", lambda g, r: g + "\u00b2"),
    ("underscore", lambda g, r: g.replace(" ", "_")),
]

QUIRKS = {
    "circle_right_triangle": ["I cannot see it.\nYES", "I cannot see it.\nNO", "Yes\n", "no", "The answer is NOT clear.\nYES",
                              "I know the answer.\nNO\n", "YES\nNO", "yeſ", "Nope", "Maybe"],
    "inside_circles": ["I cannot see it.\nANSWER: Yes", "No idea.\nANSWER: Yes", "ANSWER: Yes\n", "ANSWER: No",
                       "The dot is not inside.\nANSWER: Yes", "ANSWER: yes\nDone", "Eyes on the dot\nANSWER: No"],
    "cross_and_knots": ["None", "none", "None.", "(1, 2)", "[1,2]", "[1, 2]", "(1 ,2)", "(-1,2)", "Cell (3,4)",
                        "(3,4) and (4,5)", "The safe cell is\n(2,3)\n", "(2,3)\nNone", "None\n", "( 1,2)",
                        "(\uff11,2)"],
    "locate_circles_colour": ["(1,2) (3,4)", "(1, 2) (3, 4)", "(1,2),(3,4)", "ANSWER: (1,2) (3,4)",
                              "(1,2) (3,4)\n", "Cells:\n(1,2) (3,4)\n", "(1,2)  (3,4)", "1,2 3,4", "((1,2))",
                              "(1,2,9)", "( 1 , 2 )", "(+1,2)", "(1_0,2)", "(1,2)\nDone."],
    "maze_solving": ["S,2,3,E", "S, 2, 3, E", "S,2,3,E\nDone", "Path:\nS,2,3,E", "S\n2\nE", "S 2 3 E",
                     "The path is S,2,E\nThat is all", "s,2,e"],
    "sort_circles": ["1 2 3", "1 2 3\nsorted by size", "Sorted:\n1 2 3", "1, 2, 3", "1  2 3", " 1 2 3",
                     "1 2 3 ", "1 2 \u0663"],
    "sort_lines": ["1 2 3", "Sorted:\n1 2 3", "1 2 3\nDone", "1, 2, 3", "1  2 3", "1_0 2 3", "+1 2 3"],
    "numbered_shapes": ["CIRCLES: [1, 2, 10]", "CIRCLES: 1 2 10", "CIRCLES:1,2,10\n```", "1st, 2nd",
                        "CIRCLES: 01, 2", "CIRCLES: 3.5"],
    "grid_path": ["SHAPES : circle", "SHAPES: circle, square", "circle, square", "Path: circle, square\nDone",
                  "SHAPES : Circle , Square , ", "SHAPES : circle , red square"],
    "layered_shapes": ["SHAPES : circle", "SHAPES : square , rectangle", "SHAPES : rhombus , Diamond",
                       "circle,triangle", "The shapes are:\nSHAPES : circle"],
    "counting_shapes": ["circles:1 triangles:2 squares:3", "CIRCLES: 1 TRIANGLES: 2", "CIRCLES:1\nTRIANGLES:2\nSQUARES:3",
                        "SQUARES:3 TRIANGLES:2 CIRCLES:1", "CIRCLES:x TRIANGLES:y SQUARES:z", "CIRCLES:\n1 TRIANGLES:2 SQUARES:3"],
    "circle_location": ["quadrant:1 count:2", "QUADRANT: 1 COUNT: 2", "QUADRANT:1\nCOUNT:2", "QUADRANT:I COUNT:2",
                        "Q QUADRANT:3 COUNT:1"],
    "graph_counting": ["NODES: 5 EDGES: 4", "nodes:5 edges:4", "EDGES:4 NODES:5", "NODES:5"],
    "counting_locations": ["ABOVE:1 BELOW:2", "ABOVE:1", "above 1 below 2", "ABOVE: one BELOW: 2", "1-2"],
    "list_colours": ["red, blue, Red", "Red Blue", "sky blue, navy", "['red', 'blue']", "colours: none"],
    "list_shapes": ["circle, circle, square", "Circles, Squares", "{'circle', 'square'}", "shapes: none"],
    "layered_colours": ["COLOURS: Sky Blue , Red", "COLOURS: red", "COLOURS: Red , Blue", "none"],
    "colours_present": ["ANSWER: yes no", "yes, no, maybe, yes", "ANSWER: Yes, No"],
    "comparing_size": ["ANSWER: Blue Blue", "ANSWER: blue, green", "ANSWER: Bluegreen"],
    "identifying_shapes": ["ANSWER: Circle - Square", "ANSWER:", "ANSWER: circle answer square", "Answer"],
}
for t in ("change_colour", "circle_boxes", "count_coloured_circles", "counting_circles", "match_outline",
          "match_shadow", "mirror_image", "vanishing_objects", "water_image"):
    QUIRKS[t] = ["COUNT:05", "COUNT: 5 (five)", "There are 3 of them.\nCOUNT:5", "COUNT:5\n---", "x5 COUNT:7",
                 "COUNT:5.5", "COUNT:-3", "5th", "COUNT: " + "9" * 30, "COUNT:\u0663"]
QUIRKS["locate_circles_shape"] = QUIRKS["locate_circles_colour"]


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    with contextlib.redirect_stdout(io.StringIO()):
        spec.loader.exec_module(mod)
    return mod


def originals_and_gen(script):
    """(PERCEPT_V_ORIG, gen: GEN or build/gen) for a script run against the release; None,
    after saying that script does nothing, when PERCEPT_V_ORIG is not set."""
    orig = os.environ.get("PERCEPT_V_ORIG")
    if not orig:
        print("%s: set PERCEPT_V_ORIG; nothing done" % script)
        return None
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return orig, os.environ.get("GEN", os.path.join(root, "build", "gen"))


def answer_entry(utils, rec, response):
    """rec as the release's harness writes it to the answers file: with gpt_response,
    and Output/ERROR as the task's utils.py parses the response."""
    with contextlib.redirect_stdout(io.StringIO()):
        parsed = utils.output_from_text(response)
    entry = dict(rec, gpt_response=response, Output=parsed["OUTPUT"], ERROR=parsed["ERROR"])
    return json.loads(json.dumps(entry))


def release_eval(eval_path, answers, out, gold):
    """Runs the release's eval.py on an answers file, writing out; gold (a data.json)
    goes with it where eval.py takes --gold.  Raises what eval.py raises."""
    argv = [eval_path, "--answer", answers, "--output", out]
    with open(eval_path) as f:
        if "'--gold'" in f.read():
            argv += ["--gold", gold]
    old, cwd = sys.argv, os.getcwd()
    sys.argv = argv
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path(eval_path, run_name="__main__")
    finally:
        sys.argv = old
        os.chdir(cwd)


def run_eval(eval_path, entry, record, tmp):
    """eval.py on a one-record answers file: (correct, dropped, key)."""
    ans = os.path.join(tmp, "answer.json")
    out = os.path.join(tmp, "eval.json")
    gold = os.path.join(tmp, "data.json")
    with open(ans, "w") as f:
        json.dump([entry], f)
    with open(gold, "w") as f:
        json.dump([record], f)
    try:
        release_eval(eval_path, ans, out, gold)
    except Exception:
        # eval.py counted nothing (ZeroDivisionError) or crashed on the record
        return False, True, None
    with open(out) as f:
        res = json.load(f)
    keys = list(res["Category-wise Accuracy"].keys())
    return res["Overall Accuracy"] == 100.0, False, keys[0]


def main():
    orig = os.environ.get("PERCEPT_V_ORIG")
    runs = os.environ.get("PERCEPT_V_RUNS")
    if not orig or not runs:
        print("make_vectors.py: set PERCEPT_V_ORIG and PERCEPT_V_RUNS (see its docstring); nothing done")
        return 0
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    tasks = sys.argv[2:] or TASKS
    tmp = tempfile.mkdtemp(prefix="release-vectors-")
    total = 0
    for task in tasks:
        data_path = runs.replace("%s", task) + "/data.json"
        if not os.path.exists(data_path):
            print("%-24s no %s: skipped" % (task, data_path))
            continue
        with open(data_path) as f:
            records = json.load(f)
        if task == "cross_and_knots":
            # the class with no safe cell, whose gold is "None"
            extra = []
            for r in records[:6]:
                e = dict(r)
                e["id"] = "nosafe-" + r["id"]
                e["gold_output"] = []
                extra.append(e)
            records = records + extra
        utils = load_module(os.path.join(orig, UTILS_FROM.get(task, task), "utils.py"), "utils_" + task)
        eval_path = os.path.join(orig, EVAL_FROM.get(task, task), "eval.py")
        rnd = random.Random(task)
        vectors = []
        for i, rec in enumerate(records):
            gold = gold_text(task, rec)
            picks = [("gold", GENERIC[0][1])] + rnd.sample(GENERIC[1:], 6)
            responses = [(name, fn(gold, rnd)) for name, fn in picks]
            responses.append(("wrong", wrong(task, gold, rnd)))
            responses.append(("wrong reasoning", "Some thinking.\n" + wrong(task, gold, rnd)))
            responses.append(("prose", rnd.choice(PROSE)))
            q = QUIRKS.get(task, [])
            if q:
                responses.append(("quirk", q[i % len(q)]))
                responses.append(("quirk", q[(i + 3) % len(q)]))
            for name, resp in responses:
                entry = answer_entry(utils, rec, resp)
                correct, dropped, key = run_eval(eval_path, entry, rec, tmp)
                vectors.append({"record": rec, "kind": name, "response": resp, "gold": gold,
                                "output": entry["Output"], "error": entry["ERROR"] is not None,
                                "correct": correct, "dropped": dropped, "key": key})
        with open(os.path.join(outdir, task + ".jsonl"), "w") as f:
            for v in vectors:
                f.write(json.dumps(v, ensure_ascii=False) + "\n")
        n_ok = sum(v["correct"] for v in vectors)
        print("%-24s %4d vectors (%d correct, %d with ERROR, %d dropped)" %
              (task, len(vectors), n_ok, sum(v["error"] for v in vectors), sum(v["dropped"] for v in vectors)))
        total += len(vectors)
    # the harness's own step: re.sub(r'<.*>$', '', response) on a raw response
    tags = ["COUNT:5 <end>", "COUNT:5 <end>\n", "COUNT:5 <end>\n\n", "<a>\n<b>", "a<b>c<d>", "<>", "x<y",
            "line <one>\nCOUNT:5", "COUNT:5<|eot_id|>", "<think>x</think>\nYES", "YES <", "a < b > c >",
            "no tag", "", "<only>", "A\n<t>\n"]
    with open(os.path.join(outdir, "harness.jsonl"), "w") as f:
        for s in tags:
            f.write(json.dumps({"raw": s, "stripped": re.sub(r'<.*>$', '', s)}) + "\n")
    print("total %d vectors" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
