// A small element builder, so the renderers read as the markup they make.

/**
 * An element `tag` with attributes from `props` and the given children.
 * `class` sets the class name, `on<event>` adds a listener; null, undefined and false
 * attributes are left out (write String(flag) for an attribute that must say "false").
 * Children may be nested lists.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...present(children));
  return el;
}

/** Replace the children of `el` with `children`. */
export function fill(el, ...children) {
  el.replaceChildren(...present(children));
  return el;
}

/** The children to add: nested lists flattened, null, undefined and false left out. */
function present(children) {
  return children.flat(Infinity)
    .filter((child) => child !== null && child !== undefined && child !== false);
}
