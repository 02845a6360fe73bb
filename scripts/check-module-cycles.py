#!/usr/bin/env python3
"""Fails when the modules of a Rust crate import each other in a cycle.

Usage: scripts/check-module-cycles.py crates/domain/src [more crate src folders]

Each file is a module. An edge a -> b is a `use crate::...` (or `super::`/`self::`) path of a
that names an item of b, resolved through the `pub use` re-exports of folder modules
(`mod.rs`) to the file that defines the item. A folder module declaring or re-exporting its own
children is not a dependency on them. Test modules (`#[cfg(test)] mod tests`) are skipped.
"""
import os
import re
import sys

USE = re.compile(r'^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);', re.M)
ITEM = re.compile(
    r'^\s*pub(?:\([^)]*\))?\s+(?:const|static|fn|struct|enum|trait|type|mod|use)\s+(?:[a-z_]+::)*\{?([A-Za-z_][A-Za-z0-9_]*)',
    re.M)


def strip_tests(text):
    text = re.sub(r'//[^\n]*', '', text)
    m = re.search(r'#\[cfg\(test\)\]\s*mod tests\s*\{', text)
    if not m:
        return text
    return text[:m.start()]


def flatten(tree, prefix=()):
    """Paths of a use tree such as `crate::a::{b, c::{d, e}}`."""
    tree = re.sub(r'\s+', '', tree)
    out = []

    def walk(s, pre):
        if s.endswith('}') and '{' in s:
            head, _, rest = s.partition('{')
            pre2 = pre + tuple(p for p in head.split('::') if p)
            depth, start = 0, 0
            inner = rest[:-1]
            for i, ch in enumerate(inner + ','):
                if ch == '{':
                    depth += 1
                elif ch == '}':
                    depth -= 1
                elif ch == ',' and depth == 0:
                    part = inner[start:i]
                    if part:
                        walk(part, pre2)
                    start = i + 1
        else:
            name = s.split('as')[0] if re.search(r'[a-zA-Z_]as[A-Z_a-z]', s) is None else s
            name = re.sub(r'as[A-Za-z_][A-Za-z0-9_]*$', '', s) if ' as ' not in s else s
            out.append(pre + tuple(p for p in re.split(r'::', re.sub(r'as(_|[A-Za-z][A-Za-z0-9_]*)$', '', s)) if p))

    walk(tree, prefix)
    return out


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path tuple -> file path
        for root, _, names in os.walk(src):
            for n in names:
                if not n.endswith('.rs'):
                    continue
                rel = os.path.relpath(os.path.join(root, n), src)[:-3].split(os.sep)
                if rel[-1] in ('mod', 'lib', 'main'):
                    rel = rel[:-1]
                if 'tests' in rel or 'test_support' in rel:
                    continue
                self.files[tuple(rel)] = os.path.join(root, n)
        self.text = {m: strip_tests(open(p).read()) for m, p in self.files.items()}
        self.exports = {m: self._exports(m) for m in self.files}

    def _exports(self, mod):
        """name -> module path it is defined in, for the `pub use` lines of a module."""
        out = {}
        for m in USE.finditer(self.text[mod]):
            if not m.group(0).lstrip().startswith('pub'):
                continue
            for path in flatten(m.group(1)):
                target = self.resolve_module(mod, path[:-1])
                if target is None:
                    continue
                if path[-1] == '*':
                    out.setdefault('*', []).append(target)
                else:
                    out[path[-1]] = target
        return out

    def resolve_module(self, mod, segs):
        segs = list(segs)
        if not segs:
            return tuple(mod)
        if segs[0] == 'crate':
            base, segs = (), segs[1:]
        elif segs[0] == 'self':
            base, segs = tuple(mod), segs[1:]
        elif segs[0] == 'super':
            base = tuple(mod)
            while segs and segs[0] == 'super':
                base, segs = base[:-1], segs[1:]
        elif tuple(mod) + (segs[0],) in self.files:
            base = tuple(mod)
        else:
            return None
        cur = base
        for s in segs:
            if cur + (s,) in self.files:
                cur = cur + (s,)
            else:
                return cur
        return cur

    def defining(self, mod, name, seen=None):
        """The module that defines `name` as reached through `mod`'s re-exports."""
        seen = seen or set()
        if (mod, name) in seen or mod not in self.files:
            return mod
        seen.add((mod, name))
        ex = self.exports.get(mod, {})
        if name in ex:
            return self.defining(ex[name], name, seen)
        if mod + (name,) in self.files:
            return mod + (name,)
        for target in ex.get('*', []):
            if re.search(rf'\b(?:struct|enum|trait|fn|const|static|type|mod)\s+{name}\b', self.text.get(target, '')) \
                    or name in self.exports.get(target, {}):
                return self.defining(target, name, seen)
        return mod

    def edges(self):
        out = {m: set() for m in self.files}
        for mod in self.files:
            for m in USE.finditer(self.text[mod]):
                for path in flatten(m.group(1)):
                    if path[0] not in ('crate', 'self', 'super') and tuple(mod) + (path[0],) not in self.files:
                        continue
                    target_mod = self.resolve_module(mod, path[:-1])
                    if target_mod is None:
                        continue
                    name = path[-1]
                    target = target_mod if name in ('*', 'self') else self.defining(target_mod, name)
                    if target == tuple(mod) or target[:len(mod)] == tuple(mod):
                        continue  # a module's own children
                    out[mod].add(target)
            # inline paths such as crate::a::B
            for m in re.finditer(r'\bcrate((?:::[a-z_][a-z0-9_]*)+)::([A-Za-z_][A-Za-z0-9_]*)', self.text[mod]):
                segs = ('crate',) + tuple(m.group(1).split('::')[1:])
                target_mod = self.resolve_module(mod, segs)
                if target_mod is None:
                    continue
                target = self.defining(target_mod, m.group(2))
                if target != tuple(mod) and target[:len(mod)] != tuple(mod):
                    out[mod].add(target)
        return out


def cycles(graph):
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in graph:
        if v not in index:
            strong(v)
    return comps


def main():
    failed = False
    for src in sys.argv[1:]:
        crate = Crate(src)
        graph = crate.edges()
        found = cycles(graph)
        for comp in found:
            failed = True
            names = sorted('::'.join(m) or 'lib' for m in comp)
            print(f'{src}: import cycle between modules: {", ".join(names)}')
            for a in comp:
                for b in graph[a]:
                    if b in comp:
                        print(f'    {"::".join(a) or "lib"} -> {"::".join(b) or "lib"}')
        if not found:
            print(f'{src}: {len(crate.files)} modules, no import cycle')
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
