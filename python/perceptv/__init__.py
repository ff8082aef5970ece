# SPDX-License-Identifier: MIT
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
import numbers
import operator
import os
import sys

try:
    import numpy as _np
except ImportError as _e:  # a Python without numpy (pyenv's, first on PATH, is one)
    raise ImportError(
        "perceptv needs numpy, and this Python (%s, %d.%d) has none: run Debian's /usr/bin/python3 (with "
        "python3-numpy: apt install python3-numpy), or install numpy for this Python"
        % (sys.executable, sys.version_info[0], sys.version_info[1])) from _e
try:
    from . import _perceptv
except ImportError as _e:
    raise ImportError(
        "perceptv's extension does not load in this Python (%s, %d.%d): %s; it was built for another Python: "
        "run the Python it was built with (Debian's /usr/bin/python3), or build it for this one (docs/python.md)"
        % (sys.executable, sys.version_info[0], sys.version_info[1], _e)) from _e

__all__ = ["tasks", "create_dataset", "create_mixture", "sample", "score_answer", "Dataset", "Mixture",
           "__version__"]

__version__ = _perceptv.LIBRARY_VERSION

# gen's ranges (common/store/options.h): file numbers, samples in one run, worker threads.
MAX_FILE = 10 ** 15
MAX_SAMPLES = 10_000_000
MAX_JOBS = 256
_EXTRA = ("task", "level", "seed", "split", "file")


def _int(v, what):
    """v as an int: an int or anything with __index__ (numpy's integers), never a
    bool (True is not the number 1 here); TypeError naming what otherwise."""
    if isinstance(v, (bool, _np.bool_)) or not hasattr(type(v), "__index__"):
        raise TypeError("%s must be an int, not %s" % (what, type(v).__name__))
    return operator.index(v)


def tasks():
    """The task names, in gen list's order."""
    return _perceptv.tasks()


def _info(task):
    if not isinstance(task, str):
        raise TypeError("task must be a str, not %s" % type(task).__name__)
    return _perceptv.task_info(task)  # ValueError naming the closest task


def _levels(task, levels, num_images=1):
    """levels as a list of ints: None (the release's levels), an int, an iterable
    of ints, or a string as gen's --num_sizes takes it ("1..20", "1,2,5", words
    apart as separate arguments).  At most MAX_SAMPLES // num_images of them: a
    longer list is refused (ValueError) before it is made, so an endless
    generator or range(1, 10**12) costs nothing."""
    limit = MAX_SAMPLES // num_images
    too_many = "more than %d levels (num_images %d of each: one run makes at most %d samples)" % (
        limit, num_images, MAX_SAMPLES)
    if levels is None:
        _, lo, hi, _, _ = _info(task)
        return list(range(lo, hi + 1))
    if isinstance(levels, str):
        return _perceptv.parse_levels(levels, limit)  # gen's own reading and messages
    if isinstance(levels, (bytes, bytearray, memoryview, dict)) or isinstance(levels, (bool, _np.bool_)):
        raise TypeError("levels must be an int, an iterable of ints or a string like '1..20', not %s"
                        % type(levels).__name__)
    if isinstance(levels, numbers.Integral):
        return [_int(levels, "a level")]
    if isinstance(levels, range):
        try:
            n = len(levels)
        except OverflowError:  # more than sys.maxsize
            n = limit + 1
        if n > limit:
            raise ValueError(too_many)
    try:
        it = iter(levels)
    except TypeError:
        raise TypeError("levels must be an int, an iterable of ints or a string like '1..20', not %s"
                        % type(levels).__name__) from None
    out = []
    for v in it:
        if len(out) == limit:
            raise ValueError(too_many)
        out.append(_int(v, "a level"))
    if not out:
        raise ValueError("empty level list")
    return out


def _frames(frames):
    """frames as the C layer takes it: 0 (None: the task's own, 16 for a video
    task) or 2..64, checked first as gen's command line does; the C layer refuses
    it for a task that is not a video task, with gen's message."""
    if frames is None:
        return 0
    frames = _int(frames, "frames")
    if not 2 <= frames <= 64:
        raise ValueError("bad --frames '%d' (expected a whole number from 2 to 64)" % frames)
    return frames


def _config(task, seed, split, grid_size, scale, frames=None):
    if isinstance(scale, (bool, _np.bool_)) or not isinstance(scale, (int, float, _np.integer, _np.floating)):
        raise TypeError("scale must be a number, not %s" % type(scale).__name__)
    grid_size = 6 if grid_size is None else _int(grid_size, "grid_size")
    if not 2 <= grid_size <= 26:
        raise ValueError("bad --grid_size '%d' (expected 2..26)" % grid_size)
    return _perceptv.Config(task, _int(seed, "seed"), split=split, grid_size=grid_size, scale=float(scale),
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
    seed, file, level = operator.index(seed), operator.index(file), operator.index(level)
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


def _metadata(entry):
    """entry's metadata (a dict), or TypeError: entry is not an entry of a dataset."""
    meta = entry.get("metadata") if isinstance(entry, dict) else None
    if not isinstance(meta, dict):
        raise TypeError("entry must be an entry of a dataset (a dict whose 'metadata' is a dict), not %s"
                        % (type(entry).__name__ if not isinstance(entry, dict) else "a dict with 'metadata' %s"
                           % type(meta).__name__))
    return meta


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
    file = _check_file(file, 1)
    level = _int(level, "a level")
    cfg.check_level(level)
    return _entry(cfg, task, seed, split, file, level)


def _check_file(file, n):
    file = _int(file, "file")
    if file < 0 or file > MAX_FILE - (n - 1):
        raise ValueError("file numbers %d .. %d are out of range (0 .. %d)" % (file, file + n - 1, MAX_FILE))
    return file



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
        frames = None if frames is None else _int(frames, "frames")
        _frames(frames)
        num_images = _int(num_images, "num_images")
        if not 1 <= num_images <= MAX_SAMPLES:
            raise ValueError("num_images %d is out of range (1 .. %d)" % (num_images, MAX_SAMPLES))
        seed = _int(seed, "seed")
        if jobs is not None:
            jobs = _int(jobs, "jobs")
            if not 1 <= jobs <= MAX_JOBS:  # gen's --jobs: a thread each, so a bound
                raise ValueError("bad jobs %d (expected 1..%d)" % (jobs, MAX_JOBS))
        self.task, self.seed, self.split = task, seed, split
        self.num_images = num_images
        self.grid_size, self.scale = grid_size, scale
        self.frames = frames
        self.levels = _levels(task, levels, num_images)
        if len(self.levels) * num_images > MAX_SAMPLES:
            raise ValueError("%d samples is more than one run makes (at most %d)"
                             % (len(self.levels) * num_images, MAX_SAMPLES))
        self.file = _check_file(file, len(self))
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
        meta = _metadata(entry)
        return score_answer(meta.get("task", self.task), answer, meta, parser)

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


def _recipe_json(recipe):
    """A recipe given as a dict, as the JSON text gen recipe would read: a seed
    that is a Python int (exact at any size) is written as gen's string of
    digits when JSON numbers would lose its digits; numpy's numbers become
    Python's; anything else JSON cannot hold is a TypeError."""
    def plain(o):
        if isinstance(o, _np.bool_):
            return bool(o)
        if isinstance(o, numbers.Integral):
            return int(o)
        if isinstance(o, numbers.Real):
            return float(o)
        raise TypeError("a recipe holds only what JSON holds, not %s" % type(o).__name__)
    if "seed" in recipe:
        seed = recipe["seed"]
        if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, _np.bool_)) and int(seed) >= 2 ** 53:
            recipe = dict(recipe, seed=str(int(seed)))
    return json.dumps(recipe, default=plain, ensure_ascii=False).encode("utf-8")


def _merge_count(sizes, a_num, a_den):
    """How many entries of the merged order have a key below a_num / a_den:
    entry j of a task of n entries has the key (2j + 1) / (2n)."""
    count = 0
    for n in sizes:
        # j >= 0 with (2j + 1) * a_den < 2 * n * a_num
        k = -((a_den - 2 * n * a_num) // (2 * a_den))  # ceil((2 n a_num - a_den) / (2 a_den))
        count += min(max(k, 0), n)
    return count


class Mixture:
    """The tasks of a recipe (the JSON gen recipe reads, checked by gen recipe's
    own checks), interleaved: task T contributes create_dataset(T, seed,
    num_images=count, levels, split, grid_size, scale, frames) whole, and the
    entries of all tasks are merged in the order of (j + 1/2) / n_T (entry j of
    a task of n_T entries), ties by the recipe's task order, so each task is
    spread evenly over the sequence in proportion to its size.  Entry i is found
    from i alone (no order is stored): a recipe of 30 tasks of 10^7 samples
    costs what a recipe of one costs."""

    def __init__(self, recipe, jobs=None):
        if isinstance(recipe, (str, bytes)) or hasattr(recipe, "__fspath__"):
            label = os.fsdecode(recipe)
            text = _perceptv.read_recipe(recipe)  # a regular file of at most 1 MiB, as gen recipe reads it
        elif isinstance(recipe, dict):
            label, text = None, _recipe_json(recipe)
        else:
            raise TypeError("recipe must be a dict or the path of a recipe JSON file, not %s" % type(recipe).__name__)
        r = json.loads(_perceptv.check_recipe(text, label))  # ValueError with gen recipe's message
        seed, split = int(r["seed"]), r.get("split")
        self.parts = [Dataset(name, seed, num_images=spec["count"], levels=spec["levels"], split=split,
                              grid_size=spec["grid_size"], scale=spec["scale"], jobs=jobs, frames=spec.get("frames"))
                      for name, spec in r["tasks"].items()]
        self.sizes = [len(ds) for ds in self.parts]
        self.total = sum(self.sizes)
        # entry j of task t has the key (2j + 1) / (2 n_t) = (2j + 1) * scale_t / denominator, exactly
        denominator = math.lcm(*(2 * n for n in self.sizes))
        self._scale = [denominator // (2 * n) for n in self.sizes]
        self.seed, self.split = seed, split

    def __len__(self):
        return self.total

    def _at(self, i):
        """(t, j): entry i of the merged order is entry j of task t.  The entry
        with key k has fewer than N k + T/2 entries before it and more than
        N k - T/2 (N entries, T tasks), so entry i has a key in
        [(i - T) / N, (i + T + 1) / N]: the few entries in that window, sorted
        exactly, hold it, and how many come before the window is counted."""
        T, N = len(self.sizes), self.total
        lo_num, hi_num = i - T, i + T + 1  # the window's bounds, over N
        before = _merge_count(self.sizes, lo_num, N)
        window = []
        for t, n in enumerate(self.sizes):
            # j with (2j + 1) N >= 2 n lo_num, and (2j + 1) N <= 2 n hi_num
            j0 = min(max(-((N - 2 * n * lo_num) // (2 * N)), 0), n)
            j1 = min(max((2 * n * hi_num - N) // (2 * N) + 1, 0), n)
            scale = self._scale[t]
            window.extend(((2 * j + 1) * scale, t, j) for j in range(j0, j1))
        window.sort()  # the exact key, then the task's place in the recipe
        _, t, j = window[i - before]
        return t, j

    def __getitem__(self, i):
        i = _position(i, len(self), "mixture")
        t, j = self._at(i)
        return self.parts[t][j]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def score_answer(self, answer, entry, parser="release"):
        if not isinstance(answer, str):
            raise TypeError("the answer must be a str, not %s" % type(answer).__name__)
        meta = _metadata(entry)
        if "task" not in meta:
            raise ValueError("the entry's metadata names no task (a mixture's entries name theirs)")
        return score_answer(meta["task"], answer, meta, parser)


def create_mixture(recipe, jobs=None):
    """A Mixture from a recipe (a dict, or the path of the JSON file gen recipe reads)."""
    return Mixture(recipe, jobs=jobs)
