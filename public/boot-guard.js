/*
 * Runs before the app's modules (a classic script in index.html). When a file of the app's
 * first modules cannot be fetched (a connection that drops while the page loads, a service
 * worker restarting), the browser runs nothing and the page stays blank. The page is then loaded
 * once more; if that fails too, it says so and offers to reload. src/main.tsx clears the mark
 * once the app is drawn. The texts are here, not in the catalogue: the catalogue is one of the
 * modules that did not load.
 */
(function () {
  var MARK = 'cb-boot-retried';
  var TEXTS = {
    es: { message: 'No se pudo cargar la aplicación. Comprueba la conexión y vuelve a intentarlo.', button: 'Recargar la página' },
    en: { message: 'The app could not be loaded. Check the connection and try again.', button: 'Reload the page' },
  };
  function retried() {
    try {
      return sessionStorage.getItem(MARK) === '1';
    } catch {
      return true;
    }
  }
  function explain() {
    var root = document.getElementById('root');
    if (!root || root.childElementCount > 0) return;
    var lang = (navigator.language || 'es').slice(0, 2) === 'en' ? 'en' : 'es';
    var box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.setAttribute('data-testid', 'boot-failed');
    box.style.cssText = 'font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5';
    var p = document.createElement('p');
    p.textContent = TEXTS[lang].message;
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = TEXTS[lang].button;
    button.style.cssText = 'min-height:44px;padding:0 1rem;font-size:1rem';
    button.addEventListener('click', function () {
      location.reload();
    });
    box.appendChild(p);
    box.appendChild(button);
    root.appendChild(box);
  }
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (!target || target.tagName !== 'SCRIPT' || target.type !== 'module') return;
      if (!retried()) {
        try {
          sessionStorage.setItem(MARK, '1');
        } catch {
          /* no storage: explain instead of reloading without end */
        }
        if (retried()) {
          location.reload();
          return;
        }
      }
      explain();
    },
    true,
  );
})();
