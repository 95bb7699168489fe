/// The route page's script: the route list, the details of the chosen route, the graph's clicks, and the explanation
/// of a typed link (`explainLink`, the rules of `RouteTable.explain` and of the URL scan, kept in step with the
/// library by `Tests/cli/test_pages.py`).
enum RoutePageScript {
    static let source = #"""
        const routes = pageData.routes;
        const routeByName = new Map(routes.map((route) => [route.name, route]));

        // ---- explaining a link, by the library's rules (RouteTable.explain, DeepLinkScanner) ----
        const RANKS = { literal: 0, enum: 1, bool: 2, int: 3, uuid: 4, double: 5, string: 6, catchall: 7 };
        const RANK_WORDS = ["a literal", "a typed parameter (enum)", "a typed parameter (bool)",
          "a typed parameter (int)", "a typed parameter (uuid)", "a typed parameter (double)", "a parameter",
          "a catch-all", "nothing"];
        const STATUS = { malformed: "EMALFORMED", denied: "EDENIED", notFound: "ENOTFOUND", parameter: "EPARAM" };

        function fold(text) {
          if (pageData.case_sensitive) return text;
          return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : text.toUpperCase().toLowerCase();
        }

        function accepts(type, value) {
          switch (type.type) {
            case "string": return value.length > 0;
            case "int": {
              if (!/^-?[0-9]{1,19}$/.test(value)) return false;
              const number = BigInt(value);
              return number >= -(2n ** 63n) && number < 2n ** 63n;
            }
            case "uuid": return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
            case "bool": return value === "true" || value === "false";
            case "double": return /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(value) && isFinite(Number(value));
            case "enum": return type.values.includes(value);
          }
          return false;
        }

        function segmentRank(segment) {
          if (!segment) return 8;
          return segment.kind === "parameter" ? RANKS[segment.type] : RANKS[segment.kind];
        }

        class LinkError extends Error {
          constructor(status, message) { super(message); this.status = status; }
        }

        // Percent-decodes one segment or query part as UTF-8; a bad escape, bad UTF-8 or a NUL is malformed.
        function decode(text, what) {
          const bytes = [];
          const encoder = new TextEncoder();
          for (let index = 0; index < text.length; ) {
            if (text[index] === "%") {
              const escape = text.slice(index, index + 3);
              if (!/^%[0-9a-fA-F]{2}$/.test(escape)) {
                throw new LinkError(STATUS.malformed, `bad percent escape '${escape}' in ${what}`);
              }
              const value = parseInt(escape.slice(1), 16);
              if (value === 0) throw new LinkError(STATUS.malformed, `%00 (NUL) is not allowed in ${what}`);
              bytes.push(value);
              index += 3;
            } else {
              const point = text.codePointAt(index);
              const character = String.fromCodePoint(point);
              bytes.push(...encoder.encode(character));
              index += character.length;
            }
          }
          try {
            return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
          } catch {
            throw new LinkError(STATUS.malformed, `${what} is not valid UTF-8 after percent-decoding`);
          }
        }

        // The link's decoded path segments and query names; throws a LinkError where the library refuses it.
        function scanLink(link) {
          let rest = link;
          let query = "";
          const end = rest.search(/[?#]/);
          if (end >= 0) {
            if (rest[end] === "?") query = rest.slice(end + 1).split("#")[0];
            rest = rest.slice(0, end);
          }
          const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
          if (scheme) {
            const name = scheme[1].toLowerCase();
            rest = rest.slice(scheme[0].length);
            const web = name === "http" || name === "https";
            if (!rest.startsWith("//") || (!web && pageData.reserved_schemes.includes(name))) {
              throw new LinkError(STATUS.denied, `a '${name}:' link does not address the app`);
            }
            rest = rest.slice(2);
            if (web) {
              const slash = rest.indexOf("/");
              const domain = (slash < 0 ? rest : rest.slice(0, slash)).replace(/:[0-9]*$/, "").toLowerCase();
              if (!pageData.web_domains.includes(domain)) {
                throw new LinkError(STATUS.denied, `the web domain '${domain}' is not one of the app's domains`);
              }
              rest = slash < 0 ? "" : rest.slice(slash);
            } else if (pageData.schemes.length > 0 && !pageData.schemes.includes(name)) {
              throw new LinkError(STATUS.denied, `the scheme '${name}' is not one of the app's schemes`);
            }
          }
          if (rest.startsWith("/")) rest = rest.slice(1);
          if (rest.endsWith("/")) rest = rest.slice(0, -1);
          const segments = [];
          if (rest !== "") {
            rest.split("/").forEach((raw, index) => {
              if (raw === "") {
                throw new LinkError(STATUS.malformed, `empty path segment (segment ${index + 1}): '//' is not allowed`);
              }
              if (raw === "." || raw === "..") {
                throw new LinkError(STATUS.malformed, `dot segment '${raw}' at segment ${index + 1}`);
              }
              const value = decode(raw, `path segment ${index + 1}`);
              if (value === "." || value === "..") {
                throw new LinkError(STATUS.malformed, `encoded dot segment at segment ${index + 1}`);
              }
              segments.push(value);
            });
          }
          const items = query === "" ? [] : query.split("&").filter((item) => item !== "").map((item) => {
            const equals = item.indexOf("=");
            const name = decode((equals < 0 ? item : item.slice(0, equals)).replace(/\+/g, " "), "the query");
            const value = equals < 0 ? "" : decode(item.slice(equals + 1).replace(/\+/g, " "), "the query");
            return { name, value };
          });
          return { segments, items };
        }

        // Why a pattern does not take the segments and at which segment, as RouteTable.mismatch says it.
        function mismatch(pattern, segments) {
          for (let index = 0; index < pattern.length; index++) {
            const part = pattern[index];
            if (index >= segments.length) {
              return [`the URL has ${segments.length} segment(s); the pattern needs at least ${index + 1}`, index];
            }
            const value = segments[index];
            if (part.kind === "literal") {
              if (fold(value) !== fold(part.text)) {
                return [`segment ${index + 1} '${value}' is not the literal '${part.text}'`, index];
              }
            } else if (part.kind === "parameter") {
              if (!accepts(part, value)) {
                return [`segment ${index + 1} '${value}' is not ${part.expectation} (parameter '${part.name}')`, index];
              }
            } else {
              return [null, index];
            }
          }
          if (segments.length > pattern.length) {
            return [`the URL has ${segments.length} segments; the pattern has only ${pattern.length}`, pattern.length];
          }
          return [null, 0];
        }

        // The first segment where the winner's kind beats the loser's (the matcher's priority).
        function lostReason(pattern, winner) {
          const count = Math.max(pattern.length, winner.segments.length);
          for (let index = 0; index < count; index++) {
            const mine = segmentRank(pattern[index]);
            const theirs = segmentRank(winner.segments[index]);
            if (mine !== theirs) {
              return `lost to '${winner.route}' at segment ${index + 1}: ${RANK_WORDS[theirs]} beats ` +
                `${RANK_WORDS[mine]} (literal > typed parameter (enum > bool > int > uuid > double) > parameter > ` +
                "catch-all)";
            }
            if (pattern[index] && pattern[index].kind === "catchall") break;
          }
          return `lost to '${winner.route}'`;
        }

        // The most specific matching entry: the smallest sequence of segment ranks (the trie's depth-first order).
        function moreSpecific(one, other) {
          const count = Math.max(one.segments.length, other.segments.length);
          for (let index = 0; index < count; index++) {
            const difference = segmentRank(one.segments[index]) - segmentRank(other.segments[index]);
            if (difference !== 0) return difference < 0;
          }
          return false;
        }

        // What the winner still needs: its declared query parameters' types and presence, its required parameters.
        function parameterError(entry, segments, items) {
          const route = routeByName.get(entry.route);
          for (const declared of route.query_parameters) {
            const given = items.filter((item) => item.name === declared.name);
            for (const item of given) {
              if (!accepts(declared, item.value)) {
                return `route '${entry.route}': query parameter '${declared.name}' must be ${declared.expectation}, ` +
                  `not '${item.value}'`;
              }
            }
            if (given.length === 0 && declared.default === null && declared.required) {
              return `route '${entry.route}' requires the query parameter '${declared.name}' (${declared.expectation})`;
            }
          }
          const inPath = entry.segments.filter((part) => part.kind !== "literal").map((part) => part.name);
          const missing = route.required_parameters.filter((name) =>
            !inPath.includes(name) && !items.some((item) => item.name === name));
          if (missing.length === 0) return null;
          return `route '${entry.route}' requires the parameter${missing.length > 1 ? "s" : ""} ` +
            missing.map((name) => `'${name}'`).join(", ");
        }

        // {url, winner, status, error, candidates: [{route, pattern, matched, won, reason}]}, as `navrouter explain
        // --json` writes it.
        function explainLink(link) {
          let scanned;
          try {
            scanned = scanLink(link);
          } catch (error) {
            if (!(error instanceof LinkError)) throw error;
            return { url: link, winner: null, status: error.status, error: error.message, candidates: [] };
          }
          const { segments, items } = scanned;
          const looked = pageData.table.map((entry) => ({ entry, result: mismatch(entry.segments, segments) }));
          let winner = null;
          for (const { entry, result } of looked) {
            if (result[0] === null && (winner === null || moreSpecific(entry, winner))) winner = entry;
          }
          let status = "OK";
          let error = null;
          if (winner) {
            error = parameterError(winner, segments, items);
            if (error) status = STATUS.parameter;
          } else {
            status = STATUS.notFound;
            let nearest = null;
            for (const { entry, result } of looked) {
              const [failure, at] = result;
              if (failure === null || literalDiffers(entry, segments, at)) continue;
              if (nearest === null || at > nearest.at) nearest = { entry, failure, at };
            }
            error = `no route matches '${link}'` + (nearest ?
              ` (nearest: route '${nearest.entry.route}' (${nearest.entry.pattern}): ${nearest.failure})` : "");
          }
          const matched = [];
          const failed = [];
          for (const { entry, result } of looked) {
            const [failure, at] = result;
            const candidate = { route: entry.route, pattern: entry.pattern, matched: failure === null, won: false };
            if (failure !== null) {
              if (literalDiffers(entry, segments, at)) continue;  // the trie never looks at it
              failed.push({ ...candidate, reason: failure });
            } else if (entry === winner) {
              candidate.won = true;
              candidate.reason = "matches; the most specific matching route" + (error ? `, but ${error}` : "");
              matched.unshift(candidate);
            } else {
              matched.push({ ...candidate, reason: winner ? lostReason(entry.segments, winner) : "matches" });
            }
          }
          return { url: link, winner: winner ? winner.route : null, status, error,
            candidates: matched.concat(failed) };
        }

        function literalDiffers(entry, segments, at) {
          return at < segments.length && at < entry.segments.length && entry.segments[at].kind === "literal";
        }

        // ---- the page ----
        let selectedName = null;

        function graphNodes() {
          const nodes = new Map();
          for (const node of document.querySelectorAll("#graph-picture g.node")) {
            const title = node.querySelector("title");
            if (title && routeByName.has(title.textContent)) nodes.set(title.textContent, node);
          }
          return nodes;
        }

        function tags(route) {
          return [
            route.presentation === "root" ? make("span", { class: "tag" }, "tab") : null,
            route.presentation === "modal" ? make("span", { class: "tag modal" }, route.style) : null,
            route.requires_auth ? make("span", { class: "tag login" }, "login") : null,
            route.external ? make("span", { class: "tag external" }, "external") : null,
          ];
        }

        function chain(route) {
          const names = [];
          const seen = new Set();
          for (let at = route; at && !seen.has(at.name); at = routeByName.get(at.parent)) {
            seen.add(at.name);
            names.unshift(at.name);
          }
          return names;
        }

        function showDetails(route) {
          const rows = [
            ["pattern", make("code", {}, "/" + route.pattern)],
            ["aliases", route.aliases.length ? route.aliases.map((alias) => make("code", {}, `/${alias} `)) : "none"],
            ["shown", route.presentation === "modal" ? `modal (${route.style})` :
              route.presentation === "root" ? "root of a tab" : "pushed on the current stack"],
            ["module", route.module || "none"],
            ["back stack", chain(route).join(" › ")],
            ["guards", route.requires_auth ? "requires login: the authentication guard runs before it opens" :
              "no login required (interceptors are the app's code and run too)"],
            ["links", route.external ? "opens from outside the app (external)" : "in-app links only"],
            ["required", route.required_parameters.length ? route.required_parameters.join(", ") : "nothing more"],
            ["query", route.query_parameters.length ? route.query_parameters.map((query) =>
              `${query.name}: ${query.expectation}${query.required ? ", required" : ""}` +
              `${query.default !== null ? `, default ${query.default}` : ""}`).join("; ") : "none declared"],
            ["metadata", route.metadata ? make("code", {}, JSON.stringify(route.metadata)) : "none"],
            ["sample", route.sample ? make("code", {}, route.sample) : "none"],
          ];
          const details = document.getElementById("route-details");
          details.replaceChildren(make("h3", { id: "route-name" }, route.name, " ", tags(route)),
            make("dl", {}, rows.map(([term, value]) =>
              [make("dt", {}, term), make("dd", { "data-field": term }, value)])));
        }

        function select(name, fillLink) {
          const route = routeByName.get(name);
          if (!route) return;
          selectedName = name;
          for (const button of document.querySelectorAll("#route-list button.item")) {
            button.classList.toggle("selected", button.dataset.route === name);
          }
          for (const [nodeName, node] of graphNodes()) node.classList.toggle("selected", nodeName === name);
          showDetails(route);
          if (fillLink && route.sample) {
            document.getElementById("link").value = route.sample;
            showExplanation(route.sample);
          }
        }

        function showExplanation(link) {
          const target = document.getElementById("explanation");
          const nodes = graphNodes();
          for (const node of nodes.values()) node.classList.remove("won", "matched", "considered");
          if (link.trim() === "") {
            target.replaceChildren();
            return;
          }
          const explanation = explainLink(link.trim());
          const verdict = explanation.winner && explanation.status === "OK"
            ? make("p", { class: "verdict ok" }, `✓ opens ${explanation.winner}`)
            : make("p", { class: "verdict failed" }, `✗ ${explanation.status}: ${explanation.error}`);
          const items = explanation.candidates.map((candidate) => {
            const node = nodes.get(candidate.route);
            if (node) node.classList.add(candidate.won ? "won" : candidate.matched ? "matched" : "considered");
            const mark = candidate.won ? "✓" : candidate.matched ? "~" : "✗";
            const tone = candidate.won ? "ok" : candidate.matched ? "waiting" : "failed";
            return make("li", { "data-route": candidate.route },
              make("span", { class: tone }, mark, " "),
              make("button", { type: "button", onclick: () => select(candidate.route, false) }, candidate.route),
              " ", make("code", {}, "/" + candidate.pattern), make("span", { class: "why" }, candidate.reason));
          });
          target.replaceChildren(verdict, items.length ? make("ol", {}, items) :
            make("p", { class: "note" }, "No route was considered: every route differs in a literal segment."));
        }

        function buildList() {
          const list = document.getElementById("route-list");
          const modules = [];
          for (const route of routes) if (!modules.includes(route.module)) modules.push(route.module);
          for (const module of modules) {
            list.append(make("section", {}, make("h3", {}, module === null ? "no module" : `module ${module}`),
              routes.filter((route) => route.module === module).map((route) =>
                make("button", { type: "button", class: "item", "data-route": route.name,
                  onclick: () => select(route.name, true) }, route.name, " ", tags(route),
                  make("code", {}, "/" + route.pattern)))));
          }
        }

        buildList();
        for (const [name, node] of graphNodes()) {
          node.dataset.route = name;
          node.addEventListener("click", () => select(name, true));
        }
        const linkField = document.getElementById("link");
        linkField.addEventListener("input", () => showExplanation(linkField.value));
        document.getElementById("explain-form").addEventListener("submit", (event) => {
          event.preventDefault();
          showExplanation(linkField.value);
        });
        let start = location.hash.slice(1);
        try {
          start = decodeURIComponent(start);
        } catch {
          // a bad escape in the fragment: taken as written
        }
        if (start.startsWith("/") || start.includes(":")) {
          linkField.value = start;
          showExplanation(start);
        } else if (routes.length) {
          select(routeByName.has(start) ? start : routes[0].name, true);
        }
        """#
}
