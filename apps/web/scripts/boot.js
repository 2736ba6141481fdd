/* global document, window, requestAnimationFrame */
// Copied into dist/assets as boot-HASH.js by scripts/prerender.mjs, for the pages whose content is
// in the HTML: they paint from their inline CSS, and only once the page has loaded (its LCP image
// included) does this fetch the full stylesheet and the app, so neither competes with the first
// and largest paints. An external file because the content security policy allows no inline script.
(function () {
  var script = document.currentScript;
  var data = script ? script.dataset : {};
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  function start() {
    if (data.stylesheet) add('link', { rel: 'stylesheet', href: data.stylesheet });
    (data.modulepreload || '').split(' ').forEach(function (href) {
      if (href) add('link', { rel: 'modulepreload', href: href, crossorigin: '' });
    });
    if (data.entry) add('script', { type: 'module', src: data.entry, crossorigin: '' });
  }
  // After the frame that shows the loaded page.
  function soon() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon, { once: true });
})();
