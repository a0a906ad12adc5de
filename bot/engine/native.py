"""``mypyc_attr``: how a class of the compiled core is compiled (setup.py compiles the referee with mypyc).

The rule sets are subclassed by modules that are never compiled (the other rule sets, the tests' rule
sets), and those subclasses override class attributes (``players``, ``max_ron``...).  Their classes are
marked ``@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)``: compiled method by method
but kept ordinary Python classes, so subclassing and attribute look-up work exactly as in the pure
package, and compiled code accepts any subclass where it expects the class.

mypy_extensions comes with mypy (mypyc is part of it); the pure package installs without it, and there
the decorator does nothing.  mypy reads the first branch, so mypyc sees its own ``mypyc_attr``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # the pure package without mypy: nothing to tell a compiler

        def mypyc_attr(*_flags, **_attributes):
            return lambda target: target


__all__ = ["mypyc_attr"]
