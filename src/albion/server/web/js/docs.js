// The HTTP API, read from the server's own OpenAPI description (/openapi.json): every
// route, what it takes and what it answers. The WebSocket protocol is docs/protocol/server.md.
import { api } from "./api.js";
import { el } from "./dom.js";
import { header } from "./header.js";
import { t } from "./i18n.js";

const METHODS = ["get", "post", "put", "delete", "patch"];

function schemaName(schema) {
  if (!schema) return "—";
  if (schema.$ref) return schema.$ref.split("/").pop();
  if (schema.type === "array") return t("list of {type}", { type: schemaName(schema.items) });
  if (schema.anyOf) return schema.anyOf.map(schemaName).reduce((one, other) => t("{one} or {other}", { one, other }));
  return schema.type || "JSON";
}

function fields(name, components) {
  const schema = components[name];
  if (!schema || !schema.properties) return null;
  const required = new Set(schema.required || []);
  return el("table", { class: "list" },
    el("thead", {}, el("tr", {}, el("th", {}, t("Field")), el("th", {}, t("Type")), el("th", {}, t("About")))),
    el("tbody", {}, Object.entries(schema.properties).map(([field, spec]) => el("tr", {},
      el("td", {}, el("code", {}, field), required.has(field) ? "" : el("span", { class: "small muted" }, " ", t("optional"))),
      el("td", {}, schemaName(spec)),
      el("td", { class: "small" }, spec.description || spec.title || "")))));
}

function route(path, method, operation, components) {
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const answers = Object.entries(operation.responses || {});
  const bodyName = body && schemaName(body);
  return el("section", { class: "panel", id: `${method}-${path}`, "data-testid": "route" },
    el("h2", {}, el("code", {}, `${method.toUpperCase()} ${path}`)),
    el("p", {}, operation.summary || ""),
    operation.description ? el("p", { class: "muted" }, operation.description) : null,
    (operation.parameters || []).length ? el("p", { class: "small" }, t("Parameters:"), " ",
      operation.parameters.map((p) => el("code", {}, `${p.name} (${p.in})`)).flatMap((c, i) => (i ? [", ", c] : [c]))) : null,
    body ? el("div", {}, el("h3", {}, t("Body: {type}", { type: bodyName })), fields(bodyName, components)) : null,
    el("h3", {}, t("Answers")),
    el("ul", {}, answers.map(([status, answer]) => {
      const schema = answer.content?.["application/json"]?.schema;
      return el("li", {}, el("b", {}, status), ` ${answer.description || ""}`,
        schema ? el("span", { class: "small muted" }, ` — ${schemaName(schema)}`) : null);
    })));
}

async function main() {
  document.title = t("Albion — API");
  const main = el("main", {});
  document.body.append(header(), main);
  const spec = await api("/openapi.json");
  const components = spec.components?.schemas || {};
  main.append(el("h1", {}, t("{title} {version} — the HTTP API", { title: spec.info.title, version: spec.info.version })),
    el("p", {}, spec.info.description || "", " ",
      el("a", { href: "/openapi.json" }, t("The OpenAPI description")), "."));
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      if (operations[method]) main.append(route(path, method, operations[method], components));
    }
  }
  document.body.dataset.status = "ready";
}

main();
