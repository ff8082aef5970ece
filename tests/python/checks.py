# SPDX-License-Identifier: MIT
"""What the Python tests share: check() records a failure and goes on,
raises() is the message of the exception a call must raise, finish() ends the
test with its summary.  (Imported from tests/python, which ctest puts on
PYTHONPATH.)"""
import sys

failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
        print("FAIL", msg)


def raises(exc, fn, *args, **kw):
    """The message of the exc that fn(*args, **kw) raised; a failure (and "")
    when it raised another type or nothing."""
    name = getattr(fn, "__name__", repr(fn))
    try:
        fn(*args, **kw)
    except exc as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - any other type is a failure
        check(False, "%s%r raised %s (%s), expected %s" % (name, args, type(e).__name__, e, exc.__name__))
        return ""
    check(False, "%s%r raised nothing, expected %s" % (name, args, exc.__name__))
    return ""


def finish(summary):
    """Exit 1 after the count of failures, or 0 after summary."""
    if failures:
        print("%d failures" % len(failures))
        sys.exit(1)
    print(summary)
    sys.exit(0)
