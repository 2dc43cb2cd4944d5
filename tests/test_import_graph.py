"""Issue 27 item 4 ("no circle"): the import graph of `src/`, read as text.

Every `import` counts, wherever it stands (module level, inside a function, under
`TYPE_CHECKING`), as `farm-studio look` reads them: a function-local import does not hide an
arrow. import-linter (`pyproject.toml`) keeps the direction of the layers; this keeps the files.
"""

from __future__ import annotations

import ast
from pathlib import Path

import rustworkx as rx

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = "mashindano"


def _modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package)."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in (root / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _imported(name: str, modules: dict[str, tuple[Path, bool]]) -> str | None:
    """The file a dotted name loads: itself, else the nearest enclosing package or module."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_arrows(root: Path = SRC) -> dict[str, set[str]]:
    modules = _modules(root)
    arrows: dict[str, set[str]] = {}
    for module, (path, is_package) in modules.items():
        package = module if is_package else module.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*parent, *([base] if base else [])])
                # `from a.b import c`: the submodule a.b.c when there is one, else a.b
                names = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            else:
                continue
            for name in names:
                if name.startswith(PACKAGE) and (target := _imported(name, modules)):
                    targets.add(target)
        targets.discard(module)
        arrows[module] = targets
    return arrows


def circles(arrows: dict[str, set[str]]) -> list[list[str]]:
    graph = rx.PyDiGraph()
    index = {module: graph.add_node(module) for module in arrows}
    for module, targets in arrows.items():
        for target in targets:
            graph.add_edge(index[module], index[target], None)
    return [
        sorted(graph[i] for i in component)
        for component in rx.strongly_connected_components(graph)
        if len(component) > 1
    ]


def test_issue_27_item_4_no_import_circle_in_src_counting_function_local_imports() -> None:
    arrows = import_arrows()
    assert len(arrows) > 300, "the source tree was not found"
    assert circles(arrows) == []


def test_issue_27_item_4_the_reader_sees_a_circle_held_by_a_function_local_import(
    tmp_path: Path,
) -> None:
    package = tmp_path / PACKAGE
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("from mashindano.sub import b\n")
    (package / "sub" / "b.py").write_text("def f():\n    from . import c\n")
    (package / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n"
    )
    (package / "d.py").write_text("import mashindano.sub.a\n")
    arrows = import_arrows(tmp_path)
    assert arrows["mashindano.d"] == {"mashindano.sub.a"}
    assert circles(arrows) == [["mashindano.sub.a", "mashindano.sub.b", "mashindano.sub.c"]]


def test_issue_27_item_4_the_cli_pair_and_formats_run_one_way() -> None:
    found = import_arrows()
    # cli/main imports nothing of cli/launch, even under `if __name__ == "__main__"`
    assert "mashindano.cli.main" in found["mashindano.cli.launch"]
    assert "mashindano.cli.launch" not in found["mashindano.cli.main"]
    # formats never import documents (adapters return typed state; documents render it)
    assert not {
        (module, target)
        for module, targets in found.items()
        if module.startswith("mashindano.app.formats")
        for target in targets
        if target.startswith("mashindano.app.documents")
    }
