import Foundation
import NavRouterCore

/// A self-contained HTML page (no network: its style, data and script are inside it), as `graph --format html` and
/// `play --html` write them.
enum HTMLPage {
    /// The page: a title, the shared style and the page's own, a body, the data as JSON in
    /// `<script type="application/json" id="page-data">`, and the page's script.
    static func document(title: String, style: String, body: String, data: JSONValue, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="navrouter \(NavRouterVersion.string)">
        <title>\(escaped(title))</title>
        <style>
        \(sharedStyle)
        \(style)
        </style>
        </head>
        <body>
        \(body)
        <script type="application/json" id="page-data">\(scriptSafe(data.jsonText))</script>
        <script>
        "use strict";
        \(sharedScript)
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// Text as HTML text or an attribute's value: `&`, `<`, `>`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// JSON text that cannot end the `<script>` element it sits in: every `<` is written `\u003c` (the same string to
    /// a JSON reader), so no `</script>` or `<!--` appears in it, whatever the routes' names and metadata hold.
    static func scriptSafe(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for character in json {
            if character == "<" { result += "\\u003c" } else { result.append(character) }
        }
        return result
    }

    /// An SVG document as an element to put inside a page: what comes before `<svg` (the XML declaration, a
    /// DOCTYPE, comments) left out.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        return String(svg[start.lowerBound...])
    }

    /// The look both pages share: system fonts, a header, panels, status colours.
    private static let sharedStyle = """
        :root { --ink: #202124; --muted: #5f6368; --line: #dadce0; --blue: #1a73e8; --green: #137333;
          --green-bg: #e6f4ea; --amber: #b06000; --amber-bg: #fef7e0; --red: #c5221f; --red-bg: #fce8e6; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
          color: var(--ink); background: #f8f9fa; }
        header { padding: 12px 20px; background: #fff; border-bottom: 1px solid var(--line); }
        header h1 { margin: 0; font-size: 18px; }
        header p { margin: 2px 0 0; color: var(--muted); }
        main { display: grid; gap: 12px; padding: 12px; }
        .panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px;
          overflow: auto; }
        .panel h2 { margin: 0 0 8px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em;
          color: var(--muted); }
        code { font: 12.5px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        button.item { display: block; width: 100%; text-align: left; border: 0; border-radius: 6px;
          background: none; padding: 4px 8px; font: inherit; color: inherit; cursor: pointer; }
        button.item:hover { background: #f1f3f4; }
        button.item.selected { background: #e8f0fe; color: #174ea6; }
        .ok { color: var(--green); } .waiting { color: var(--amber); } .failed { color: var(--red); }
        .tag { display: inline-block; padding: 0 6px; border-radius: 10px; font-size: 12px; margin-right: 4px;
          background: #f1f3f4; }
        .tag.login { background: var(--red-bg); color: var(--red); }
        .tag.external { background: #e8f0fe; color: #174ea6; }
        .tag.modal { background: var(--amber-bg); color: var(--amber); }
        """

    /// Helpers both pages' scripts use: the page's data, and `make(tag, attributes, ...children)` for elements.
    private static let sharedScript = #"""
        const pageData = JSON.parse(document.getElementById("page-data").textContent);
        function make(tag, attributes, ...children) {
          const element = document.createElement(tag);
          for (const [name, value] of Object.entries(attributes || {})) {
            if (value === undefined || value === null || value === false) continue;
            if (name === "class") element.className = value;
            else if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
            else element.setAttribute(name, value === true ? "" : value);
          }
          for (const child of children.flat(Infinity)) {
            if (child === undefined || child === null || child === false) continue;
            element.append(child instanceof Node ? child : String(child));
          }
          return element;
        }
        """#
}
