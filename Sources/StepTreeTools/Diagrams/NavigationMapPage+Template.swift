import StepTree

extension NavigationMapPage {
    /// The page around the drawing: the policy, styles, the step-through panel and its script,
    /// all inline; its slots are `{{policy}}`, `{{style}}`, `{{title}}`, `{{svg}}`,
    /// `{{session}}` and `{{script}}`.
    ///
    /// The page has no `style` attribute and no event handler attribute, so that its policy
    /// can allow its own style sheet and script by their hashes and nothing else.
    static let template = PageTemplate(
        #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{{policy}}">
        <title>{{title}}</title>
        <style>{{style}}</style>
        </head>
        <body>
        <h1>{{title}}</h1>
        <p id="legend"><span class="legend-content">content: tab, inline</span><span class="legend-push">push: push, stack, element</span><span class="legend-modal">modal: present</span><span class="legend-visible">visible screen</span> bold: the selected route</p>
        <main>
        {{svg}}
        <section id="panel">
        <div><button id="previous">◀ previous</button><button id="next">next ▶</button><span id="position"></span></div>
        <h2 id="cause"></h2>
        <h3>events</h3>
        <ol id="events"></ol>
        <h3>screen after it</h3>
        <pre id="screen"></pre>
        </section>
        </main>
        <script type="application/json" id="session">{{session}}</script>
        <script>{{script}}</script>
        </body>
        </html>
        """#,
        slots: ["policy", "style", "title", "svg", "session", "script"])

    /// The page's style sheet.
    static let styleSheet = #"""

        body { font: 14px -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 20px; color: #222; }
        h1 { font-size: 20px; margin: 0 0 12px; }
        main { display: flex; gap: 28px; align-items: flex-start; }
        #map text { font: 13px ui-monospace, Menlo, monospace; fill: #222; }
        #map text.kind { fill: #666; font-size: 11px; }
        #map rect { stroke-width: 1.2; rx: 5; }
        #map .edge { fill: none; stroke: #bbb; stroke-dasharray: 3 3; }
        #map .edge.selected { stroke: #888; stroke-dasharray: none; }
        #map .edge.route { stroke: #333; stroke-width: 2.5; stroke-dasharray: none; }
        .layer-root rect { fill: #fff; stroke: #555; }
        .layer-content rect { fill: #e3efff; stroke: #2f6fce; }
        .layer-push rect { fill: #e2f5e4; stroke: #2b8a3e; }
        .layer-modal rect { fill: #f1e6fd; stroke: #8142c9; }
        .kind-tab rect { rx: 1; }
        .kind-inline rect { rx: 11; }
        .kind-stack rect { stroke-dasharray: 5 2; }
        .kind-element rect { rx: 8; }
        .kind-present rect { stroke-width: 2.2; }
        .node { opacity: 0.55; }
        .node.selected { opacity: 0.85; }
        .node.route { opacity: 1; }
        .node.route rect { stroke-width: 2.5; }
        .node.visible rect { fill: #ffe066; stroke: #b8860b; stroke-width: 3; }
        #panel { min-width: 360px; max-width: 520px; }
        #panel pre { background: #f6f6f6; padding: 8px; margin: 6px 0; }
        #panel ol { padding-left: 20px; margin: 6px 0; font-family: ui-monospace, Menlo, monospace; }
        #legend span { display: inline-block; padding: 1px 8px; margin-right: 6px; border-radius: 5px; border: 1px solid; }
        #legend .legend-content { background: #e3efff; border-color: #2f6fce; }
        #legend .legend-push { background: #e2f5e4; border-color: #2b8a3e; }
        #legend .legend-modal { background: #f1e6fd; border-color: #8142c9; }
        #legend .legend-visible { background: #ffe066; border-color: #b8860b; }
        button { font-size: 14px; margin-right: 6px; }
        """#

    /// The step-through: it shows each step of the session the page holds, and writes the
    /// check report when the page is opened with `#check`.
    static let script = #"""

        (function () {
          const steps = JSON.parse(document.getElementById("session").textContent);
          const nodes = Array.from(document.querySelectorAll("#map [data-path]"));
          const panel = document.getElementById("panel");
          let current = steps.length - 1;
          function show(index) {
            current = index;
            const step = steps[index];
            const route = new Set(step.route);
            for (const element of nodes) {
              const path = element.getAttribute("data-path");
              element.classList.toggle("route", route.has(path));
              element.classList.toggle("visible", element.tagName !== "path" && path === step.visible);
            }
            document.getElementById("position").textContent = "step " + (index + 1) + " of " + steps.length;
            document.getElementById("cause").textContent = "#" + step.sequence + " " + step.cause;
            const list = document.getElementById("events");
            list.replaceChildren(...step.events.map(function (text) {
              const item = document.createElement("li");
              item.textContent = text;
              return item;
            }));
            if (step.events.length === 0) list.append(document.createElement("li"));
            if (step.events.length === 0) list.lastChild.textContent = "(none)";
            document.getElementById("screen").textContent = step.screen;
          }
          if (steps.length === 0) {
            panel.replaceChildren("No session: this map shows one state.");
            return;
          }
          document.getElementById("previous").onclick = function () { if (current > 0) show(current - 1); };
          document.getElementById("next").onclick = function () { if (current < steps.length - 1) show(current + 1); };
          if (location.hash === "#check") {
            const lines = Array.from(document.querySelectorAll("#map g.node")).map(function (node) {
              return "node " + node.getAttribute("data-path") + " " + node.getAttribute("data-kind");
            });
            steps.forEach(function (step, index) {
              show(index);
              const route = Array.from(document.querySelectorAll("#map g.node.route")).map(function (node) { return node.getAttribute("data-path"); });
              const visible = Array.from(document.querySelectorAll("#map g.node.visible")).map(function (node) { return node.getAttribute("data-path"); });
              const events = step.events.length === 0 ? [] : Array.from(document.querySelectorAll("#events li")).map(function (item) { return item.textContent; });
              lines.push("step " + index + " " + document.getElementById("cause").textContent +
                " visible=" + visible.join(",") + " route=" + route.join(",") + " events=" + events.join("|"));
            });
            const report = document.createElement("pre");
            report.id = "check";
            report.textContent = lines.join("\n");
            document.body.append(report);
          }
          show(steps.length - 1);
        })();
        """#
}
