// Starts the GraphQL IDE (graphiql.ts): its options arrive as JSON data in the page, so the page has no inline script.
(function () {
  'use strict';
  var options = JSON.parse(document.getElementById('ide-options').textContent);
  var workers = options.workers;
  // Monaco starts its language workers from these same-origin, cached scripts.
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) {
      return workers[label] || workers.editorWorkerService;
    },
  };

  // Tabs, history and settings kept per endpoint: the main API's apart from each mock API's.
  var prefix = 'seedbed-ide:' + options.storageKey + ':';
  function ownKeys() {
    var keys = [];
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key && key.indexOf(prefix) === 0) keys.push(key);
    }
    return keys;
  }
  var storage = {
    getItem: function (key) { return localStorage.getItem(prefix + key); },
    setItem: function (key, value) { localStorage.setItem(prefix + key, value); },
    removeItem: function (key) { localStorage.removeItem(prefix + key); },
    clear: function () { ownKeys().forEach(function (key) { localStorage.removeItem(key); }); },
    get length() { return ownKeys().length; },
  };

  // GraphiQL makes each tab an <li role="tab"> holding the button that selects it: a control inside a control, which
  // screen readers announce badly (axe-core: nested-interactive). The button becomes the tab, its <li> a plain item.
  function fixTabs(root) {
    root.querySelectorAll('li[role="tab"], li.graphiql-tab').forEach(function (item) {
      var button = item.querySelector('.graphiql-tab-button');
      if (!button) return;
      if (item.getAttribute('role') !== 'presentation') item.setAttribute('role', 'presentation');
      var selected = item.classList.contains('graphiql-tab-active') ? 'true' : 'false';
      if (button.getAttribute('role') !== 'tab') button.setAttribute('role', 'tab');
      if (button.getAttribute('aria-selected') !== selected) button.setAttribute('aria-selected', selected);
      if (item.hasAttribute('aria-selected')) item.removeAttribute('aria-selected');
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    var settings = Object.assign({}, options.graphiql, { endpoint: options.endpoint, storage: storage });
    var root = document.getElementById('root');
    YogaGraphiQL.renderYogaGraphiQL(root, settings);
    new MutationObserver(function () { fixTabs(root); }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'class'] });
  });
})();
