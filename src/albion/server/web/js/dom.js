// Small DOM builders. Every text goes in as a text node, never as HTML: names and other
// texts from users cannot inject markup (issue 18, CSP `script-src 'self'`).

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", String(value));
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "style") {
      throw new Error("use classes or node.style, not a style attribute (CSP)");
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("button", {class: "x", "data-action": "draw"}, "Draw"). */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: svg("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * A clickable target for a legal action: the shell submits `data-action` on click, Enter or
 * Space. `label` is what a screen reader says.
 */
export function target(node, action, label) {
  node.setAttribute("data-action", action);
  node.classList.add("target");
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label || action);
  return node;
}

/**
 * A place of the board where the viewer has no legal action now (issue 32, "why not?"):
 * selecting it asks the server why; `place` is the presentation model's Place (area and
 * whichever of seat, square, item, number apply). `label`: what the place is called in
 * the table's "Why not…?" list (else its own accessible name); `focusable`: reached with
 * Tab, Enter, Space or w asking about it — for boards with few such places, while the
 * viewer decides.
 */
export function spot(node, place, { label = null, focusable = false } = {}) {
  const kept = Object.fromEntries(Object.entries(place).filter(([, value]) => value !== null && value !== undefined && value !== ""));
  node.setAttribute("data-place", JSON.stringify(kept));
  if (label) node.setAttribute("data-place-label", label);
  if (focusable) {
    node.setAttribute("tabindex", "0");
    node.classList.add("why-spot");
    node.setAttribute("aria-describedby", "why-not-help");
  }
  return node;
}
