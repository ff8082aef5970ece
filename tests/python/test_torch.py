# SPDX-License-Identifier: MIT
"""perceptv datasets as map-style torch datasets: DataLoader with 0 or 2 workers
gives the entries a loop gives, and DistributedSampler's ranks split them.
Skipped (exit 77) where python3-torch is not installed."""
import sys

try:
    import torch
    from torch.utils.data import DataLoader, DistributedSampler
except ImportError:
    print("skipped: python3-torch is not installed")
    sys.exit(77)

import numpy as np

import perceptv

ds = perceptv.create_dataset("counting_circles", seed=7, num_images=3, levels=range(1, 5))
loop = [(e["metadata"], [im.tobytes() for im in e["images"]], e["answer"]) for e in ds]
failures = 0


def key(e):
    return (e["metadata"], [np.asarray(im).tobytes() for im in e["images"]], e["answer"])


for workers in (0, 2):
    # a batch is a list of entries (images differ in size between tasks and scales)
    got = [key(e) for batch in DataLoader(ds, batch_size=4, num_workers=workers, collate_fn=list) for e in batch]
    if got != loop:
        failures += 1
        print("FAIL DataLoader(num_workers=%d) gave other entries than a loop" % workers)
    # batch_size=None: one entry at a time, arrays converted to tensors
    got = [key(e) for e in DataLoader(ds, batch_size=None, num_workers=workers)]
    if got != loop:
        failures += 1
        print("FAIL DataLoader(batch_size=None, num_workers=%d) differs" % workers)
    first = next(iter(DataLoader(ds, batch_size=None, num_workers=workers)))
    if not isinstance(first["images"][0], torch.Tensor) or first["images"][0].dtype != torch.uint8:
        failures += 1
        print("FAIL images are not uint8 tensors: %r" % type(first["images"][0]))

# DistributedSampler: two ranks take every entry once between them
seen = []
for rank in (0, 1):
    sampler = DistributedSampler(ds, num_replicas=2, rank=rank, shuffle=True, seed=3)
    sampler.set_epoch(0)
    seen += [e["metadata"]["file"] for batch in DataLoader(ds, batch_size=2, sampler=sampler, num_workers=2,
                                                           collate_fn=list) for e in batch]
if sorted(seen) != list(range(1, len(ds) + 1)):
    failures += 1
    print("FAIL two ranks saw files %s" % sorted(seen))
if failures:
    sys.exit(1)
print("DataLoader with 0 and 2 workers gives the loop's %d entries; DistributedSampler splits them" % len(ds))
