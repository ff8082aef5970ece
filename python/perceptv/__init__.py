"""perceptv: the Percept-V tasks of gen, in-process (docs/python.md).

A dataset is made from a task name, a seed and levels; its entry i is file
``file + i`` of ``gen TASK --seed S --num_images N --num_sizes LEVELS [--split X]
[--frames F] --file K`` exactly (the same pixels, record, gold answer and prompt),
made on demand with no file written.  An entry of a video task (comp_conjunctive,
comp_sequential) has F images, its frames in order (``frames=``, 16 unless given),
and its question with lettered options after the prompt.
``dataset.score_answer(answer, entry)`` is the
release's verdict (1.0 or 0.0), usable as a verifiable reward.
"""
import json
import math
import re

from . import _perceptv

__all__ = ["tasks", "create_dataset", "create_mixture", "sample", "score_answer", "Dataset", "Mixture",
           "__version__"]

__version__ = _perceptv.LIBRARY_VERSION

# gen's ranges (cli.h): file numbers and samples in one run.
MAX_FILE = 10 ** 15
MAX_SAMPLES = 10_000_000
_EXTRA = ("task", "level", "seed", "split", "file")


def tasks():
    """The task names, in gen list's order."""
    return _perceptv.tasks()


def _info(task):
    if not isinstance(task, str):
        raise TypeError("task must be a str, not %s" % type(task).__name__)
    return _perceptv.task_info(task)  # ValueError naming the closest task


def _levels(task, levels):
    """levels as a list of ints: None (the release's levels), an int, an iterable
    of ints, or a string as gen's --num_sizes takes it ("1..20", "1,2,5")."""
    if levels is None:
        _, lo, hi, _, _ = _info(task)
        return list(range(lo, hi + 1))
    if isinstance(levels, bool):
        raise TypeError("levels must be an int, an iterable of ints or a string like '1..20'")
    if isinstance(levels, int):
        return [levels]
    if isinstance(levels, str):
        out = []
        for part in re.split(r"[,\s]+", levels.strip()):
            m = re.fullmatch(r"(\d+)\.\.(\d+)", part)
            if m:
                a, b = int(m.group(1)), int(m.group(2))
                if a > b:
                    raise ValueError("bad level range '%s' (the start is past the end)" % part)
                out.extend(range(a, b + 1))
            elif re.fullmatch(r"\d+", part):
                out.append(int(part))
            else:
                raise ValueError("bad level '%s' (expected a whole number or a range A..B, e.g. 1..20)" % part)
        return out
    out = []
    for v in levels:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError("a level must be an int, not %s" % type(v).__name__)
        out.append(v)
    if not out:
        raise ValueError("empty level list")
    return out


def _frames(frames):
    """frames as the C layer takes it: 0 (None: the task's own, 16 for a video
    task) or 2..64, checked first as gen's command line does; the C layer refuses
    it for a task that is not a video task, with gen's message."""
    if frames is None:
        return 0
    if isinstance(frames, bool) or not isinstance(frames, int):
        raise TypeError("frames must be an int, not %s" % type(frames).__name__)
    if not 2 <= frames <= 64:
        raise ValueError("bad --frames '%d' (expected a whole number from 2 to 64)" % frames)
    return frames


def _config(task, seed, split, grid_size, scale, frames=None):
    if isinstance(scale, bool) or not isinstance(scale, (int, float)):
        raise TypeError("scale must be a number, not %s" % type(scale).__name__)
    if grid_size is None:
        grid_size = 6
    if isinstance(grid_size, bool) or not isinstance(grid_size, int):
        raise TypeError("grid_size must be an int, not %s" % type(grid_size).__name__)
    if not 2 <= grid_size <= 26:
        raise ValueError("bad --grid_size '%d' (expected 2..26)" % grid_size)
    return _perceptv.Config(task, seed, split=split, grid_size=grid_size, scale=float(scale),
                            frames=_frames(frames))


_PROMPTS = {}


def prompt(task):
    """The prompt gen requests sends with every sample of task (a video task's
    entries add their own question and options after it: entry["question"])."""
    p = _PROMPTS.get(task)
    if p is None:
        p = _PROMPTS[task] = _info(task)[4]
    return p


def _entry(cfg, task, seed, split, file, level):
    images, record, gold, text = cfg.make(file, level)
    meta = json.loads(record)
    meta.update(task=task, level=level, seed=seed, split=split, file=file)
    # the text a model sees: the task's prompt, then a video task's question and options
    return {"images": images, "question": text, "answer": gold, "metadata": meta}


def _record_json(record):
    if isinstance(record, str):
        return record
    if not isinstance(record, dict):
        raise TypeError("record must be a dict (an entry's metadata) or JSON text, not %s" % type(record).__name__)
    return json.dumps({k: v for k, v in record.items() if k not in _EXTRA})


def _parser(parser):
    if parser not in ("release", "strict"):
        raise ValueError("bad parser '%s' (expected release or strict)" % (parser,))
    return parser == "strict"


def score_answer(task, response, record, parser="release"):
    """1.0 when response is right about the data.json record (a dict or JSON
    text) by the release's verdict (parser="strict": gen's strict reading), else 0.0."""
    if not isinstance(response, str):
        raise TypeError("the answer must be a str, not %s" % type(response).__name__)
    correct, _, _ = _perceptv.score(task, _record_json(record), response, _parser(parser))
    return 1.0 if correct else 0.0


def parse_answer(task, response, record, parser="release"):
    """The verdict in full: (correct, parsed answer or None, why unreadable or None)."""
    if not isinstance(response, str):
        raise TypeError("the answer must be a str, not %s" % type(response).__name__)
    correct, answer, error = _perceptv.score(task, _record_json(record), response, _parser(parser))
    return bool(correct), (json.loads(answer) if answer is not None else None), error


def sample(task, seed, file, level, split=None, grid_size=None, scale=1, frames=None):
    """One entry: file `file` of task at `level` (for curricula: a trainer moves
    the level with its accuracy)."""
    cfg = _config(task, seed, split, grid_size, scale, frames)
    _check_file(file, 1)
    cfg.check_level(level)
    return _entry(cfg, task, seed, split, file, level)


def _check_file(file, n):
    if isinstance(file, bool) or not isinstance(file, int):
        raise TypeError("file must be an int, not %s" % type(file).__name__)
    if file < 0 or file > MAX_FILE - (n - 1):
        raise ValueError("file numbers %d .. %d are out of range (0 .. %d)" % (file, file + n - 1, MAX_FILE))



def _position(i, n, what):
    """Index i of a sequence of n entries as a position 0..n-1, as a list takes it:
    TypeError for a non-integer (a bool included), IndexError past either end."""
    if isinstance(i, bool) or not hasattr(i, "__index__"):
        raise TypeError("%s indices must be integers, not %s" % (what, type(i).__name__))
    i = i.__index__()
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError("%s index out of range (%d entries)" % (what, n))
    return i

class Dataset:
    """Entry i is file ``file + i`` of ``gen TASK --seed S --num_images N
    --num_sizes LEVELS [--split X] [--frames F] --file K``.  A map-style dataset: len(),
    indexing (IndexError past the end), iteration; works as a
    torch.utils.data.Dataset."""

    def __init__(self, task, seed, num_images=10, levels=None, split=None, file=1, grid_size=None, scale=1,
                 jobs=None, frames=None):
        _info(task)
        _frames(frames)
        if isinstance(num_images, bool) or not isinstance(num_images, int):
            raise TypeError("num_images must be an int, not %s" % type(num_images).__name__)
        if not 1 <= num_images <= MAX_SAMPLES:
            raise ValueError("num_images %d is out of range (1 .. %d)" % (num_images, MAX_SAMPLES))
        self.task, self.seed, self.split = task, seed, split
        self.num_images, self.file = num_images, file
        self.grid_size, self.scale = grid_size, scale
        self.frames = frames
        self.levels = _levels(task, levels)
        if len(self.levels) * num_images > MAX_SAMPLES:
            raise ValueError("%d samples is more than one run makes (at most %d)"
                             % (len(self.levels) * num_images, MAX_SAMPLES))
        _check_file(file, len(self))
        if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
            raise ValueError("bad jobs %r (expected a whole number from 1)" % (jobs,))
        self.jobs = jobs or 1
        cfg = self._cfg()
        for lv in dict.fromkeys(self.levels):  # in gen's order: the first bad level is the one named
            cfg.check_level(lv)

    def _cfg(self):
        cfg = self.__dict__.get("_config")
        if cfg is None:
            cfg = self.__dict__["_config"] = _config(self.task, self.seed, self.split, self.grid_size, self.scale,
                                                     self.__dict__.get("frames"))
        return cfg

    # a worker process (DataLoader) gets the options and makes its own Config
    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_config"}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __len__(self):
        return len(self.levels) * self.num_images

    def level_of(self, i):
        return self.levels[i // self.num_images]

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        i = _position(i, len(self), "dataset")
        return _entry(self._cfg(), self.task, self.seed, self.split, self.file + i, self.level_of(i))

    def __iter__(self):
        if self.jobs <= 1:
            for i in range(len(self)):
                yield self[i]
            return
        # prefetch with threads: making a sample releases the GIL
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(self.jobs) as pool:
            window, n, nxt = [], len(self), 0
            while nxt < n and len(window) < 4 * self.jobs:
                window.append(pool.submit(self.__getitem__, nxt))
                nxt += 1
            while window:
                e = window.pop(0).result()
                if nxt < n:
                    window.append(pool.submit(self.__getitem__, nxt))
                    nxt += 1
                yield e

    def score_answer(self, answer, entry, parser="release"):
        """1.0 when answer is right about entry (the release's verdict; parser="strict"
        for gen's strict reading), else 0.0."""
        if not isinstance(answer, str):
            raise TypeError("the answer must be a str, not %s" % type(answer).__name__)
        if not isinstance(entry, dict) or "metadata" not in entry:
            raise TypeError("entry must be an entry of a dataset (a dict with 'metadata')")
        task = entry["metadata"].get("task", self.task)
        return score_answer(task, answer, entry["metadata"], parser)

    def __repr__(self):
        frames = "" if self.__dict__.get("frames") is None else ", frames=%d" % self.frames
        return "perceptv.Dataset(%r, seed=%r, num_images=%d, levels=%d levels, split=%r, file=%d%s): %d entries" % (
            self.task, self.seed, self.num_images, len(self.levels), self.split, self.file, frames, len(self))


def create_dataset(task, seed, num_images=10, levels=None, split=None, file=1, grid_size=None, scale=1, jobs=None,
                   frames=None):
    """A Dataset: entry i is file ``file + i`` of ``gen TASK --seed SEED
    --num_images NUM_IMAGES --num_sizes LEVELS [--split SPLIT] [--frames FRAMES]
    --file FILE``.  frames: a video task's frames a sample (2..64; None: 16);
    refused (ValueError) for the other tasks, as gen refuses --frames."""
    return Dataset(task, seed, num_images=num_images, levels=levels, split=split, file=file, grid_size=grid_size,
                   scale=scale, jobs=jobs, frames=frames)


_RECIPE_KEYS = {"seed", "split", "annotations", "metadata", "tasks"}
_TASK_KEYS = {"levels", "count", "grid_size", "scale", "frames"}


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError("recipe: key '%s' given twice" % k)
        d[k] = v
    return d


class Mixture:
    """The tasks of a recipe (the JSON gen recipe reads), interleaved: task T
    contributes create_dataset(T, seed, num_images=count, levels, split,
    grid_size, scale) whole, and the entries of all tasks are merged in the order
    of (j + 1/2) / n_T (entry j of a task of n_T entries), ties by the recipe's
    task order, so each task is spread evenly over the sequence in proportion to
    its size."""

    def __init__(self, recipe, jobs=None):
        if isinstance(recipe, (str, bytes)) or hasattr(recipe, "__fspath__"):
            with open(recipe, "rb") as f:
                recipe = json.loads(f.read().decode("utf-8"), object_pairs_hook=_no_duplicates)
        if not isinstance(recipe, dict):
            raise TypeError("recipe must be a dict or the path of a recipe JSON file")
        for k in recipe:
            if k not in _RECIPE_KEYS:
                raise ValueError("recipe: unknown key '%s' (expected %s)" % (k, ", ".join(sorted(_RECIPE_KEYS))))
        if "seed" not in recipe:
            raise ValueError("recipe: no \"seed\" (a whole number)")
        seed = recipe["seed"]
        if isinstance(seed, str) and seed.isdigit():
            seed = int(seed)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("recipe: \"seed\" must be a whole number")
        tasks_ = recipe.get("tasks")
        if not isinstance(tasks_, dict) or not tasks_:
            raise ValueError("recipe: \"tasks\" must be an object naming at least one task")
        self.parts = []
        for name, spec in tasks_.items():
            if not isinstance(spec, dict):
                raise ValueError("recipe: task '%s' must be an object" % name)
            for k in spec:
                if k not in _TASK_KEYS:
                    raise ValueError("recipe: task '%s': unknown key '%s' (expected %s)"
                                     % (name, k, ", ".join(sorted(_TASK_KEYS))))
            self.parts.append(Dataset(name, seed, num_images=spec.get("count", 10), levels=spec.get("levels"),
                                      split=recipe.get("split"), grid_size=spec.get("grid_size"),
                                      scale=spec.get("scale", 1), jobs=jobs, frames=spec.get("frames")))
        order = []
        for t, ds in enumerate(self.parts):
            n = len(ds)
            order.extend(((j + 0.5) / n, t, j) for j in range(n))
        order.sort()
        self.order = [(t, j) for _, t, j in order]
        self.seed, self.split = seed, recipe.get("split")

    def __len__(self):
        return len(self.order)

    def __getitem__(self, i):
        i = _position(i, len(self), "mixture")
        t, j = self.order[i]
        return self.parts[t][j]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def score_answer(self, answer, entry, parser="release"):
        if not isinstance(answer, str):
            raise TypeError("the answer must be a str, not %s" % type(answer).__name__)
        return score_answer(entry["metadata"]["task"], answer, entry["metadata"], parser)


def create_mixture(recipe, jobs=None):
    """A Mixture from a recipe (a dict, or the path of the JSON file gen recipe reads)."""
    return Mixture(recipe, jobs=jobs)
