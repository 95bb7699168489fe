"""The `navrouter` tool run as a user runs it: exit statuses, output lines, and --json parsed.
Expects build/bin/navrouter (scripts/build-cli.sh)."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "build" / "bin" / "navrouter"
SHOP = str(ROOT / "examples" / "manifests" / "shop.json")


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOOL), *arguments], capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, manifest: object) -> str:
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(manifest))
    return str(path)


def test_version_and_help():
    assert run("--version").stdout.strip() == "0.1.0"
    help_text = run("--help").stdout
    for command in ("check", "resolve", "explain", "url", "tree", "graph"):
        assert command in help_text


def test_check_passes_the_shop_strictly_and_fails_an_unexpected_warning_when_strict(tmp_path):
    result = run("check", "--strict", SHOP)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith("0 errors, 0 warnings")
    shop = json.loads(Path(SHOP).read_text())
    for module in shop["modules"]:
        for route in module["routes"]:
            route.get("metadata", {}).pop("check_allow", None)  # the shop's expected login notices, unsaid
    unsaid = write(tmp_path, shop)
    result = run("check", unsaid)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "module 'shop', route 'checkout': external and requires login" in result.stdout
    assert result.stdout.strip().splitlines()[-1].endswith("0 errors, 2 warnings")
    assert run("check", "--strict", unsaid).returncode == 1


def test_check_counts_one_of_a_kind_in_the_singular(tmp_path):
    manifest = write(tmp_path, {"routes": [{"name": "a", "pattern": "a/:x"}, {"name": "a", "pattern": "b"}]})
    assert run("check", manifest).stdout.strip().splitlines()[-1] == "2 routes, 1 error, 0 warnings"
    manifest = write(tmp_path, {"routes": [{"name": "a", "pattern": "a", "requires_auth": True, "external": True}]})
    assert run("check", manifest).stdout.strip().splitlines()[-1] == "1 route, 0 errors, 1 warning"


def test_check_lists_every_problem_of_a_manifest(tmp_path):
    manifest = write(
        tmp_path,
        {
            "modules": [
                {
                    "module": "m",
                    "routes": [
                        {"name": "a", "pattern": "a/:id"},
                        {"name": "b", "pattern": "a/:other"},
                        {"name": "c", "pattern": "c", "parent": "missing"},
                        {"name": "d", "pattern": "d", "parent": "e"},
                        {"name": "e", "pattern": "e", "parent": "d"},
                        {"name": "f", "pattern": "f/<int:"},
                    ],
                }
            ]
        },
    )
    result = run("check", manifest)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any("route 'b'" in line and "conflict" in line.lower() for line in lines), lines
    assert any("route 'c'" in line and "missing" in line for line in lines), lines
    assert any("route 'd'" in line and "cycle" in line for line in lines), lines
    assert any("route 'f'" in line for line in lines), lines
    assert all(re.match(re.escape(manifest) + r":\d+:\d+: error: ", line) for line in lines[:-1]), lines


def test_check_says_the_line_and_column_of_each_finding(tmp_path):
    """FILE:LINE:COLUMN: error: ..., as compilers say it: the field a finding is about (its key), else the route."""
    manifest = tmp_path / "m.json"
    manifest.write_text(
        '{"module": "m",\n'
        ' "routes": [\n'
        '  {"name": "home", "pattern": "home"},\n'
        '  {"name": "p", "pattern": "p", "parnet": "home"},\n'
        '  {"name": "c", "pattern": "c",\n'
        '   "parent": "hom"}]}\n'
    )
    result = run("check", str(manifest))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    unknown_field = f"{manifest}:4:33: error: manifest: module 'm', route 'p': routes[1].parnet: unknown field"
    assert lines[0].startswith(unknown_field), lines
    assert (
        lines[1] == f"{manifest}:6:4: error: module 'm', route 'c': its parent 'hom' is not registered "
        "(did you mean 'home'?)"
    ), lines
    report = json.loads(run("check", "--format", "json", str(manifest)).stdout)
    assert [(f["severity"], f["path"], f["line"], f["column"]) for f in report["findings"]] == [
        ("error", "routes[1].parnet", 4, 33),
        ("error", "routes[2].parent", 6, 4),
    ]
    assert [f["message"] for f in report["findings"]] == report["errors"]
    manifest.write_text('{"routes": [\n  {"name": "x" "pattern": "x"}]}')
    syntax = run("check", str(manifest))
    assert syntax.returncode == 1 and f"{manifest}:2:24: error: manifest: invalid JSON at line 2, column 24" in (
        syntax.stdout + syntax.stderr
    ), syntax.stdout + syntax.stderr
    unsaid = tmp_path / "w.json"
    unsaid.write_text('{"routes": [{"name": "a", "pattern": "a",\n "external": true, "requires_auth": true}]}')
    warned = run("check", str(unsaid))
    assert warned.returncode == 0 and warned.stdout.startswith(f"{unsaid}:2:2: warning: route 'a': external"), (
        warned.stdout
    )


def test_check_reports_bad_json_with_its_field_and_a_missing_file(tmp_path):
    manifest = write(tmp_path, {"routes": [{"name": "p", "pattern": "p", "requires_auth": "yes"}]})
    result = run("check", manifest)
    assert result.returncode == 1 and "routes[0].requires_auth" in result.stdout + result.stderr
    missing = run("check", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_a_manifest_or_script_comes_from_a_pipe_a_device_or_standard_input(tmp_path):
    manifest = Path(SHOP).read_text()
    for path in ("-", "/dev/stdin"):
        piped = subprocess.run(
            [str(TOOL), "resolve", path, "/shop/product/7"], input=manifest, capture_output=True, text=True, timeout=60
        )
        assert piped.returncode == 0 and "product" in piped.stdout, (path, piped.stderr)
    empty = run("check", "/dev/null")  # readable, and not a manifest
    assert empty.returncode == 1 and "invalid JSON" in empty.stdout + empty.stderr
    played = run("play", SHOP, "/dev/null")  # an empty script: the start alone
    assert played.returncode == 0 and "> start" in played.stdout, played.stderr
    directory = run("check", str(tmp_path))
    assert directory.returncode == 2 and "is a directory" in directory.stderr


def test_a_file_past_the_size_limit_is_refused_before_it_is_read_whole(tmp_path):
    """An endless device or a huge file: exit 2 with the limit, not memory until the process is killed."""
    result = run("tree", "/dev/zero")
    assert result.returncode == 2 and "/dev/zero: larger than 256 MiB" in result.stderr, result.stderr
    played = run("play", SHOP, "/dev/zero")
    assert played.returncode == 2 and "larger than 256 MiB" in played.stderr, played.stderr
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:  # sparse: 300 MiB of size, no blocks; refused by its size, before reading
        file.truncate(300 << 20)
    sized = run("check", str(huge))
    assert sized.returncode == 2 and "huge.json: larger than 256 MiB" in sized.stderr, sized.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        ["resolve", SHOP, "/shop/product/7"],
        ["resolve", SHOP, "/nowhere"],  # a failing link too: the lost output is the worse news
        ["resolve", "--json", SHOP, "/shop/product/7"],
        ["explain", SHOP, "/shop/product/7"],
        ["url", SHOP, "product", "id=7"],
        ["tree", SHOP],
        ["graph", SHOP],
        ["check", SHOP],
        ["play", SHOP, "/dev/null"],
    ],
)
@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="needs the /dev/full device")
def test_output_that_cannot_be_written_exits_2_with_the_reason(arguments):
    """A full disk must not pass for success: the output written to /dev/full fails the command."""
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(TOOL), *arguments], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "cannot write the output: No space left on device" in result.stderr


def test_graph_output_file_that_cannot_be_written_exits_2(tmp_path):
    if Path("/dev/full").is_char_device():
        # Through a link of our own: a tool that replaced the file it writes would replace the link, not the device.
        (tmp_path / "full").symlink_to("/dev/full")
        full = run("graph", SHOP, "--output", str(tmp_path / "full"))
        assert full.returncode == 2 and "full: cannot write the file: No space left on device" in full.stderr
        assert (tmp_path / "full").is_symlink()
    missing = run("graph", SHOP, "--output", str(tmp_path / "no" / "graph.dot"))
    assert missing.returncode == 2 and "cannot write the file: No such file or directory" in missing.stderr
    written = run("graph", SHOP, "--output", str(tmp_path / "graph.dot"))
    assert written.returncode == 0 and (tmp_path / "graph.dot").read_text().startswith("digraph routes {")
    # The file is written in place: a link stays a link (the tool once renamed a new file over it).
    (tmp_path / "link.dot").symlink_to(tmp_path / "graph.dot")
    assert run("graph", SHOP, "--format", "mermaid", "--output", str(tmp_path / "link.dot")).returncode == 0
    assert (tmp_path / "link.dot").is_symlink() and (tmp_path / "graph.dot").read_text().startswith("flowchart LR")


def test_output_cut_short_by_a_closed_pipe_is_no_error_message():
    """`navrouter tree M | head -1`: the tool stops quietly, as Unix tools do when their reader goes."""
    pipeline = subprocess.run(
        f"'{TOOL}' tree '{SHOP}' | head -n 1", shell=True, capture_output=True, text=True, timeout=60
    )
    assert pipeline.stdout.count("\n") == 1 and pipeline.stderr == "", pipeline.stderr


def test_arguments_and_scripts_that_are_not_utf8_are_refused_not_repaired(tmp_path):
    """Bytes that are not UTF-8 would reach the library as U+FFFD (a link it never saw): the tool says so instead."""
    manifest = write(tmp_path, {"routes": [{"name": "search", "pattern": "search/:q"}]})
    for arguments in (["resolve", manifest, b"/search/a\xffb"], ["url", manifest, "search", b"q=\xc3"]):
        result = subprocess.run([str(TOOL), *arguments], capture_output=True, timeout=60)
        assert result.returncode == 2, (arguments, result.stdout, result.stderr)
        assert b"is not UTF-8 text" in result.stderr and b"\xef\xbf\xbd" not in result.stdout
    script = tmp_path / "script.txt"
    script.write_bytes(b"push /search/ok\npush /search/a\xffb\n")
    played = subprocess.run([str(TOOL), "play", manifest, str(script)], capture_output=True, timeout=60)
    assert played.returncode == 2 and b"script.txt: line 2 is not UTF-8 text" in played.stderr, played.stderr


GITHUB_TABLE = ROOT / "benchmarks" / "data" / "github.txt"


def test_a_table_of_patterns_one_per_line_is_read_with_patterns(tmp_path):
    """The shared route tables (benchmarks/data/*.txt) are patterns, one per line: --patterns reads them as routes
    named by their patterns; without it, the JSON error says what the file looks like and which option reads it."""
    resolved = run("resolve", "--patterns", str(GITHUB_TABLE), "/repos/apple/swift/issues/7", "/nowhere")
    assert resolved.returncode == 1, resolved.stderr
    lines = resolved.stdout.splitlines()
    assert lines[0].split() == [
        "/repos/apple/swift/issues/7",
        "→",
        "/repos/:owner/:repo/issues/:number",
        "number=7",
        "owner=apple",
        "repo=swift",
    ]
    assert "ENOTFOUND" in lines[1]
    checked = run("check", "--patterns", str(GITHUB_TABLE))
    assert checked.returncode == 0 and checked.stdout.strip().endswith("142 routes, 0 errors, 0 warnings")
    table = tmp_path / "table.txt"
    table.write_text("# an app\n/home\n\n/items/:id\r\n/items/:other\n")
    conflict = run("check", "--patterns", str(table))
    assert conflict.returncode == 1 and "'/items/:other'" in conflict.stdout + conflict.stderr
    plain = run("check", str(GITHUB_TABLE))
    assert plain.returncode == 1 and "one pattern a line? read it with --patterns" in plain.stdout + plain.stderr


def test_resolve_prints_routes_and_fails_on_a_bad_link():
    result = run("resolve", SHOP, "/shop/product/42?ref=mail", "myapp://shop/home")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "/shop/product/42?ref=mail  → product  id=42  ref=mail"
    bad = run("resolve", SHOP, "/shop/product/abc")
    assert bad.returncode == 1 and "ENOTFOUND" in bad.stdout


def test_resolve_json_parses_and_policy_options_apply():
    result = run("resolve", "--json", "--web-domain", "shop.example.com", SHOP, "https://shop.example.com/shop/cart")
    match = json.loads(result.stdout)
    assert match["route"] == "cart" and match["parameters"] == {}
    refused = run("resolve", "--json", SHOP, "https://evil.example.com/shop/cart")
    assert refused.returncode == 1 and json.loads(refused.stdout)["error"]["status"] in ("EDENIED", "ENOTFOUND")


def test_explain_says_why():
    result = run("explain", SHOP, "/shop/product/7")
    assert result.returncode == 0 and result.stdout.startswith("/shop/product/7  → product")
    explanation = json.loads(run("explain", "--json", SHOP, "/shop/product/7").stdout)
    assert explanation["winner"] == "product" and any(c["won"] for c in explanation["candidates"])


def test_url_builds_links_that_resolve_back():
    result = run("url", SHOP, "product", "id=7", "ref=mail", "--props", '{"title": "Hose"}')
    assert result.returncode == 0
    link = result.stdout.strip()
    assert link.startswith("/shop/product/7?") and "_props=" in link
    assert "→ product" in run("resolve", SHOP, link).stdout
    assert run("url", SHOP, "product", "id=x").returncode == 1
    assert run("url", SHOP, "product", "novalue").returncode == 2


def test_tree_and_graphs():
    tree = run("tree", SHOP).stdout
    assert "shop" in tree and "product" in tree
    dot = run("graph", SHOP).stdout
    assert dot.startswith("digraph routes {") and '"catalog" -> "product";' in dot
    mermaid = run("graph", "--format", "mermaid", SHOP).stdout
    assert mermaid.startswith("flowchart LR") and "-->" in mermaid
    svg = run("graph", "--format", "svg", SHOP)
    if shutil.which("dot"):
        assert svg.returncode == 0 and "<svg" in svg.stdout
    else:
        assert svg.returncode == 2 and "graphviz" in svg.stderr


@pytest.mark.parametrize("command", ["resolve", "explain", "tree", "graph", "url"])
def test_a_broken_manifest_fails_every_command_with_its_error(tmp_path, command):
    manifest = write(tmp_path, {"routes": [{"name": "a", "pattern": "a"}, {"name": "a", "pattern": "b"}]})
    arguments = {"resolve": ["/a"], "explain": ["/a"], "url": ["a"]}.get(command, [])
    result = run(command, manifest, *arguments)
    assert result.returncode == 1 and manifest in result.stderr


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["resolve", SHOP], "Missing expected argument '<urls> ...'"),
        (["explain", SHOP], "Missing expected argument '<url>'"),
        (["tree", SHOP, "extra"], "Unexpected argument 'extra'"),
        (["graph", SHOP, "--format", "png"], "The value 'png' is invalid for '--format <format>'"),
        (["frobnicate"], "Unexpected argument 'frobnicate'"),
        (["resolve", "--nope", SHOP, "/a"], "Unknown option '--nope'"),
        (["url", SHOP, "product", "id=7", "id=8"], "parameter 'id' is given twice (id=7, id=8)"),
    ],
)
def test_bad_usage_exits_2_as_documented(arguments, complaint):
    """Exit status 2 for bad usage, also when the argument parser finds it (it exited with EX_USAGE, 64)."""
    result = run(*arguments)
    assert result.returncode == 2 and complaint in result.stderr, (result.returncode, result.stderr)
    assert result.stdout == ""


def test_play_runs_a_script_and_draws_each_step(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("# a session\npush /shop/product/7\nopen /settings\nback\ntab 2\nfly away\n")
    result = run("play", SHOP, str(script), "--svg", str(tmp_path / "svg"))
    assert result.returncode == 1, result.stderr  # a step failed: every step is still played and drawn
    out = result.stdout
    assert "> push /shop/product/7" in out and "tab 0 home *: home#1 › +product#5 id=7" in out
    assert "layer 0 sheet: +settings#6" in out
    assert "EINVAL: unknown command 'fly'" in out and out.strip().endswith("1 step failed")
    pictures = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert pictures == [f"step-{n:03d}.svg" for n in range(6)]
    assert "<svg" in (tmp_path / "svg" / "step-002.svg").read_text()


def test_play_writes_its_pictures_in_place_and_says_why_it_cannot(tmp_path):
    pictures = tmp_path / "svg"
    pictures.mkdir()
    (tmp_path / "kept.svg").write_text("")
    (pictures / "step-000.svg").symlink_to(tmp_path / "kept.svg")
    assert run("play", SHOP, "/dev/null", "--svg", str(pictures)).returncode == 0
    assert (pictures / "step-000.svg").is_symlink() and "<svg" in (tmp_path / "kept.svg").read_text()
    blocked = run("play", SHOP, "/dev/null", "--svg", str(tmp_path / "kept.svg" / "pictures"))
    assert blocked.returncode == 2 and "cannot make the directory" in blocked.stderr
    if Path("/dev/full").is_char_device():
        (pictures / "step-000.svg").unlink()
        (pictures / "step-000.svg").symlink_to("/dev/full")
        full = run("play", SHOP, "/dev/null", "--svg", str(pictures))
        assert full.returncode == 2 and "step-000.svg: cannot write the file: No space left on device" in full.stderr


def test_play_counts_its_failed_steps(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("pop\nfly away\npush /shop/product/7\n")
    result = run("play", SHOP, str(script))
    assert result.returncode == 1, result.stderr  # a CI running the script learns that steps failed
    assert result.stdout.strip().endswith("2 steps failed")
    assert run("play", "--json", SHOP, str(script)).returncode == 1
    script.write_text("push /shop/product/7\npop\n")
    assert run("play", SHOP, str(script)).returncode == 0


def test_play_reads_scripts_with_windows_line_ends(tmp_path):
    script = tmp_path / "script.txt"
    script.write_bytes(b"# saved on Windows\r\npush /shop/product/7\r\npop\r\n\r\ntab 2\r\n")
    result = run("play", "--json", SHOP, str(script))
    steps = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(step["command"], step["status"]) for step in steps] == [
        ("start", "ok"),
        ("push /shop/product/7", "ok"),
        ("pop", "ok"),
        ("tab 2", "ok"),
    ]


def test_play_refuses_arguments_it_does_not_take(tmp_path):
    """A word the command does not read is an error that names it, not silently dropped: `present URL bogus` was a
    sheet, `pop 2` popped one entry, `login yes` failed the login."""
    script = tmp_path / "script.txt"
    refused = ["pop 2", "root now", "back please", "swipe left", "dismiss all", "logout now", "snapshot x", "restore y"]
    lines = ["present /settings bogus", "push /shop/product/7", *refused, "login yes", "open /shop/product/1 {} extra"]
    script.write_text("\n".join([*lines, "present /settings fullscreen", "dismiss"]) + "\n")
    result = run("play", "--json", SHOP, str(script))
    assert result.returncode == 1, result.stderr  # its steps fail, as they should
    steps = {step["command"]: step for step in map(json.loads, result.stdout.splitlines())}
    assert steps["present /settings bogus"]["message"] == "present's style is sheet or fullscreen, not 'bogus'"
    for command in refused:
        name, extra = command.split(" ", 1)
        assert steps[command]["status"] == "EINVAL", command
        assert steps[command]["message"] == f"'{name}' takes no argument, not '{extra}'", command
    assert steps["login yes"]["message"] == "login is 'login ok' or 'login fail', not 'login yes'"
    assert steps["open /shop/product/1 {} extra"]["status"] == "EJSON"
    layers = steps["present /settings fullscreen"]["state"]["layers"]
    assert [layer["style"] for layer in layers] == ["fullscreen"]  # the refused sheet was never presented
    tabs = steps["dismiss"]["state"]["tabs"]
    assert [entry["route"] for entry in tabs[0]["stack"]] == ["home", "product"]  # 'pop 2' popped nothing
    assert steps["dismiss"]["state"]["layers"] == []


def test_play_json_steps_carry_the_state_and_login_flows_resume(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("external https://shop.example.com/shop/checkout\nlogin ok\nsnapshot\nlogout\nrestore\n")
    result = run("play", "--json", "--web-domain", "shop.example.com", SHOP, str(script))
    steps = [json.loads(line) for line in result.stdout.splitlines()]
    assert [step["command"] for step in steps][:3] == [
        "start",
        "external https://shop.example.com/shop/checkout",
        "login ok",
    ]
    assert "log in first" in steps[1]["message"]
    cart = steps[2]["state"]["tabs"][2]["stack"]
    assert [entry["route"] for entry in cart] == ["cart", "checkout"]
    restored = steps[5]["state"]["tabs"][2]["stack"]
    assert steps[5]["status"] == "ok" and [entry["route"] for entry in restored] == ["cart"]  # no protected entry


def test_play_json_gives_the_state_of_props_nested_to_the_value_limit(tmp_path):
    """Props at the value nesting limit (512) sit deeper in the state's document: play --json prints that state, as
    the library wrote it, not null."""
    for depth in (508, 512):
        props = '{"a": ' * (depth - 1) + "{}" + "}" * (depth - 1)
        script = tmp_path / f"deep{depth}.txt"
        script.write_text(f"push /shop/product/1 {props}\n")
        result = run("play", SHOP, str(script), "--json")
        assert result.returncode == 0, result.stderr
        steps = [json.loads(line) for line in result.stdout.splitlines()]
        assert steps[-1]["status"] == "ok", steps[-1]
        assert steps[-1]["state"] is not None, f"the state of props {depth} levels deep was printed as null"


def test_script_and_pattern_lines_end_at_newlines_only(tmp_path):
    """A line ends at \\n or \\r\\n; U+2028 and U+0085 are characters of the line (a props string may hold them raw),
    and a form feed too (in a comment line here: a line cut there would make its rest a command), not line ends."""
    script = tmp_path / "script.txt"
    script.write_text(
        '# a comment\fback\npush /shop/product/1 {"note": "a\u2028b\u0085c"}\r\nback\n', encoding="utf-8", newline=""
    )
    result = run("play", SHOP, str(script), "--json")
    assert result.returncode == 0, result.stderr
    # Split at "\n" only: str.splitlines() would cut the JSON lines at the U+2028 they hold.
    steps = [json.loads(line) for line in result.stdout.split("\n") if line]
    assert [step["command"].split(" ")[0] for step in steps] == ["start", "push", "back"]
    pushed = steps[1]["state"]["tabs"][0]["stack"][-1]
    assert pushed["props"] == {"note": "a\u2028b\u0085c"}
    table = tmp_path / "table.txt"
    table.write_text("a/x\u2028y\r\nb\n", encoding="utf-8", newline="")
    refused = run("tree", "--patterns", str(table))  # one pattern 'a/x\u2028y' (refused whole), not 'a/x' and 'y'
    assert refused.returncode != 0 and "'a/x\u2028y'" in refused.stdout + refused.stderr, (
        refused.stdout + refused.stderr
    )
    table.write_text("a/x\r\nb\n", encoding="utf-8", newline="")
    tree = run("tree", "--patterns", str(table))
    assert tree.returncode == 0 and tree.stdout.count("→") == 2, tree.stdout


def test_a_misspelt_subcommand_or_play_command_says_which_was_meant(tmp_path):
    result = run("reslove", SHOP, "/shop/cart")
    assert result.returncode == 2
    assert "navrouter: 'reslove' is not a subcommand (did you mean 'resolve'?)" in result.stderr
    assert run("frobnicate", SHOP).returncode == 2, "a word near no subcommand is the parser's usage error"
    script = tmp_path / "script.txt"
    script.write_text("opne /shop/product/1\nlogotu\n")
    played = run("play", SHOP, str(script))
    assert "unknown command 'opne' (did you mean 'open'?)" in played.stdout
    assert "unknown command 'logotu' (did you mean 'logout'?)" in played.stdout


def test_check_writes_its_report_as_json_for_a_ci(tmp_path):
    result = run("check", "--format", "json", SHOP)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["file"], report["routes"], report["errors"], report["warnings"]) == (SHOP, 17, [], [])
    broken = write(tmp_path, {"routes": [{"name": "a", "pattern": "a", "parent": "nowhere"}]})
    failed = run("check", "--format", "json", broken)
    assert failed.returncode == 1 and json.loads(failed.stdout)["errors"][0].startswith("route 'a': ")


def test_the_manifest_carries_the_url_policy_and_the_flags_add_to_it(tmp_path):
    """The shop manifest lists its web domain: its universal links resolve with no flag; --web-domain adds one."""
    assert run("resolve", SHOP, "https://shop.example.com/shop/cart").returncode == 0
    assert run("resolve", SHOP, "https://other.example/shop/cart").returncode == 1
    both = run(
        "resolve",
        "--web-domain",
        "other.example",
        SHOP,
        "https://other.example/shop/cart",
        "https://shop.example.com/shop/cart",
    )
    assert both.returncode == 0, both.stdout + both.stderr
    manifest = write(tmp_path, {"routes": [{"name": "a", "pattern": "a"}], "schemes": ["myapp"]})
    assert run("resolve", manifest, "myapp://a").returncode == 0
    assert run("resolve", manifest, "otherapp://a").returncode == 1
    assert run("resolve", "--scheme", "otherapp", manifest, "otherapp://a", "myapp://a").returncode == 0
    bad = write(tmp_path, {"routes": [{"name": "a", "pattern": "a"}], "web_domains": ["ok.example", "bad..example"]})
    checked = run("check", bad)
    assert checked.returncode == 1 and "manifest: web_domains[1]: 'bad..example' is not a web domain" in checked.stdout
    assert re.match(re.escape(bad) + r":1:\d+: error: ", checked.stdout), checked.stdout


def test_the_graph_is_a_picture_for_a_design_document(tmp_path):
    """A cluster per module, the tabs in order after a start marker, modals hung by dashed edges or grouped,
    protected routes marked, aliases listed, a legend; Graphviz draws it without a warning."""
    manifest = write(
        tmp_path,
        {
            "modules": [
                {
                    "module": "shop",
                    "routes": [
                        {"name": "home", "pattern": "home", "presentation": "root"},
                        {"name": "cart", "pattern": "cart", "presentation": "root"},
                        {"name": "product", "pattern": "product/<int:id>", "aliases": ["item/<int:id>"]},
                        {"name": "review", "pattern": "review", "presentation": "modal", "parent": "product"},
                        {"name": "pay", "pattern": "pay", "requires_auth": True, "parent": "cart"},
                    ],
                },
                {
                    "module": "app",
                    "routes": [
                        {"name": "settings", "pattern": "settings", "presentation": "modal", "style": "fullscreen"}
                    ],
                },
            ]
        },
    )
    dot = run("graph", manifest).stdout
    shop, app = dot.index('label="module shop"'), dot.index('label="module app"')
    assert dot.count("subgraph cluster_module_") == 2 and shop < dot.index('"home" [') < app
    assert '{ rank=same; "home"; "cart"; }' in dot and '"start" -> "home" [label="start"' in dot
    assert '"cart" -> "home" [style=invis];' in dot  # keeps home above cart
    assert '"product" -> "review" [style=dashed];' in dot and '"cart" -> "pay";' in dot
    assert 'label="modals"' in dot.split('label="module app"')[1], "a modal without a parent is grouped"
    assert '"pay" [label="pay\\n/pay\\n(login)"' in dot and 'color="#d93025"' in dot.split('"pay" [')[1].split("\n")[0]
    assert "also /item/<int:id>" in dot
    assert 'shape=box3d, style=dashed, margin="0.25,0.12"' in dot and "subgraph cluster_legend" in dot
    mermaid = run("graph", "--format", "mermaid", manifest).stdout
    assert 'subgraph m0["module shop"]' in mermaid and "start((start)) --> r0" in mermaid
    assert "r2 -.-> r3" in mermaid and "class r4 login" in mermaid
    if shutil.which("dot"):
        drawn = subprocess.run(["dot", "-Tsvg"], input=dot, capture_output=True, text=True, timeout=60)
        assert drawn.returncode == 0 and drawn.stderr == "", drawn.stderr
