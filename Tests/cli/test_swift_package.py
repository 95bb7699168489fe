"""A Swift package of a user's own depends on a checkout as the README says (its `.package(path:)` and `.product`
lines, taken from the README), and runs the README's first core example."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_swift_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("### From Swift", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```swift\n(.*?)```", section, re.S)


def test_a_package_depending_on_a_checkout_by_path_builds_and_runs_the_readme_example(tmp_path):
    blocks = readme_swift_blocks()
    manifest_lines = blocks[0]
    dependency = re.search(r"^(\.package\(path: .*\)),$", manifest_lines, re.M)
    product = re.search(r'^(\.product\(name: "NavRouterCore", package: .*\)),$', manifest_lines, re.M)
    assert dependency and product, manifest_lines
    example = next(block for block in blocks if block.startswith("import NavRouterCore"))
    # The checkout sits beside the user's package under the name the README's path gives it.
    checkout = tmp_path / Path(re.search(r'path: "\.\./([^"]+)"', dependency.group(1)).group(1))
    checkout.symlink_to(ROOT)
    app = tmp_path / "app"
    (app / "Sources" / "App").mkdir(parents=True)
    (app / "Package.swift").write_text(
        "// swift-tools-version:6.0\nimport PackageDescription\n"
        'let package = Package(name: "App", platforms: [.macOS(.v15)], '
        f"dependencies: [{dependency.group(1)}], "
        f'targets: [.executableTarget(name: "App", dependencies: [{product.group(1)}])])\n'
    )
    manifest = (ROOT / "examples" / "manifests" / "shop.json").read_text()
    body = "\n".join("    " + line for line in example.splitlines()[1:])
    (app / "Sources" / "App" / "main.swift").write_text(
        f'import NavRouterCore\n\nlet manifestText = #"""\n{manifest}\n"""#\n'
        f'do {{\n{body}\n}} catch {{\n    print("error:", error)\n}}\n'
    )
    result = subprocess.run(
        ["swift", "run", "--package-path", str(app), "--scratch-path", str(tmp_path / "build"), "App"],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[-2] == "product 42", result.stdout
    assert "is not an int" in lines[-1], result.stdout
