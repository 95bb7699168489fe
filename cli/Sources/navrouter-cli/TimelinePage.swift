import NavRouterCore

/// `navrouter play --html FILE`: a session (a script, or an app's recorded transaction log) as one self-contained
/// page. The steps in a list (failed ones red, waiting ones amber), and for the chosen step its picture of the state
/// (new entries green), what it did, its events, the state as text rows and its expectations. The arrow keys, `j`
/// and `k` step through; the page opens at the first step that failed (or the step named by `#step-N`).
enum TimelinePage {
    /// One step as the page shows it.
    struct Step {
        let step: PlayStep
        let picture: String
        let rows: [String]
    }

    /// The page for the steps of `source`.
    static func html(_ steps: [Step], source: String) -> String {
        let failed = steps.filter(\.step.failed).count
        let expectations = steps.map(\.step.expectations.count).reduce(0, +)
        let unmet = steps.map(\.step.unmet.count).reduce(0, +)
        var summary = counted(steps.count, "step")
        if failed > 0 { summary += ", \(failed) failed" }
        if expectations > 0 {
            summary += unmet == 0 ? ", every expectation holds" : ", \(unmet) of \(expectations) expectations failed"
        }
        let body = """
            <header><h1>Timeline of \(HTMLPage.escaped(source))</h1><p id="summary">\(summary). Choose a step, or \
            step through with ← → (j k).</p></header>
            <main id="timeline-page">
            <nav class="panel" id="step-list" aria-label="steps"><h2>Steps</h2></nav>
            <section class="panel" id="step-view"><div id="step-controls">
            <button type="button" id="previous-step">← previous</button>
            <button type="button" id="next-step">next →</button><span id="step-position"></span></div>
            <div id="step-banner"></div><div id="step-picture"></div></section>
            <aside class="panel" id="step-facts"></aside>
            </main>
            """
        return HTMLPage.document(
            title: "navrouter timeline: \(source)", style: style, body: body,
            data: ["steps": .array(steps.map(json))], script: script)
    }

    private static func json(_ page: Step) -> JSONValue {
        let step = page.step
        let banner = step.banner
        // The picture's banner; a step that did not fail says its outcome too (`applied: ...`, `pending: ...`).
        let text = banner.tone == .failed ? banner.text : "\(step.result.outcome): \(step.result.message)"
        return [
            "step": .integer(Int64(step.number)), "line": step.line.map { .integer(Int64($0)) } ?? .null,
            "command": .string(step.command), "status": .string(step.result.status),
            "outcome": .string(step.result.outcome), "message": .string(step.result.message),
            "tone": .string("\(banner.tone)"), "banner": .string(text),
            "events": .array(step.events.map { .string(EventText.describe($0)) }),
            "rows": .array(page.rows.map(JSONValue.string)),
            "expectations": .array(
                step.expectations.map { line, outcome in
                    [
                        "line": .integer(Int64(line)), "expect": .string(outcome.expectation),
                        "holds": .bool(outcome.holds), "found": outcome.holds ? .null : .string(outcome.found),
                    ]
                }),
            "picture": .string(HTMLPage.inlineSVG(page.picture)),
        ]
    }

    private static let style = """
        #timeline-page { grid-template-columns: minmax(200px, 280px) minmax(0, 1fr) minmax(260px, 360px);
          align-items: start; }
        #step-list button .number { display: inline-block; min-width: 2.2em; color: var(--muted); }
        #step-list button .mark { display: inline-block; width: 1.2em; }
        #step-list button.failed { color: var(--red); }
        #step-list button.waiting { color: var(--amber); }
        #step-list button.selected.failed { background: var(--red-bg); }
        #step-controls { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
        #step-controls button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px;
          background: #fff; cursor: pointer; }
        #step-controls button:disabled { opacity: .4; cursor: default; }
        #step-position { color: var(--muted); }
        #step-banner { padding: 6px 10px; border-radius: 6px; margin-bottom: 8px; font-weight: 600;
          overflow-wrap: anywhere; }
        #step-banner.ok { background: var(--green-bg); } #step-banner.waiting { background: var(--amber-bg); }
        #step-banner.failed { background: var(--red-bg); }
        #step-picture svg { max-width: 100%; height: auto; }
        #step-facts h3 { margin: 10px 0 4px; font-size: 13px; }
        #step-facts h3:first-child { margin-top: 0; }
        #step-facts ul { margin: 0; padding-left: 18px; }
        #step-facts pre { margin: 0; white-space: pre-wrap; font: 12.5px ui-monospace, Menlo, Consolas, monospace; }
        """

    private static let script = #"""
        const steps = pageData.steps;
        let current = -1;

        function showStep(index) {
          if (index < 0 || index >= steps.length) return;
          current = index;
          const step = steps[index];
          for (const button of document.querySelectorAll("#step-list button.item")) {
            button.classList.toggle("selected", Number(button.dataset.index) === index);
          }
          const banner = document.getElementById("step-banner");
          banner.className = step.tone;
          banner.textContent = step.banner;
          document.getElementById("step-picture").innerHTML = step.picture;
          document.getElementById("step-position").textContent =
            `step ${step.step} · ${index + 1} of ${steps.length}` + (step.line !== null ? ` · line ${step.line}` : "");
          document.getElementById("previous-step").disabled = index === 0;
          document.getElementById("next-step").disabled = index === steps.length - 1;
          const facts = document.getElementById("step-facts");
          facts.replaceChildren(...[
            make("h3", {}, "Command"), make("pre", { id: "step-command" }, step.command),
            make("h3", {}, "Events"), step.events.length
              ? make("ul", { id: "step-events" }, step.events.map((event) => make("li", {}, event)))
              : make("p", { class: "note", id: "step-events" }, "none"),
            make("h3", {}, "State"), make("pre", { id: "step-state" }, step.rows.join("\n")),
            step.expectations.length ? [make("h3", {}, "Expectations"), make("ul", { id: "step-expectations" },
              step.expectations.map((expectation) => make("li", { class: expectation.holds ? "ok" : "failed" },
                `line ${expectation.line}: ${expectation.expect}: ` +
                (expectation.holds ? "holds" : `FAILED, ${expectation.found}`))))] : [],
          ].flat());
          history.replaceState(null, "", `#step-${step.step}`);
        }

        const list = document.getElementById("step-list");
        steps.forEach((step, index) => {
          const mark = step.tone === "failed" ? "✗" : step.tone === "waiting" ? "…" : "✓";
          list.append(make("button", { type: "button", class: `item ${step.tone}`, "data-index": index,
            onclick: () => showStep(index) }, make("span", { class: "mark" }, mark),
            make("span", { class: "number" }, step.step), step.command));
        });
        document.getElementById("previous-step").addEventListener("click", () => showStep(current - 1));
        document.getElementById("next-step").addEventListener("click", () => showStep(current + 1));
        document.addEventListener("keydown", (event) => {
          if (event.key === "ArrowRight" || event.key === "ArrowDown" || event.key === "j") showStep(current + 1);
          if (event.key === "ArrowLeft" || event.key === "ArrowUp" || event.key === "k") showStep(current - 1);
        });
        const named = /^#step-(-?[0-9]+)$/.exec(location.hash);
        const chosen = named ? steps.findIndex((step) => String(step.step) === named[1]) : -1;
        const firstFailed = steps.findIndex((step) => step.tone === "failed");
        showStep(chosen >= 0 ? chosen : firstFailed >= 0 ? firstFailed : 0);
        """#
}
