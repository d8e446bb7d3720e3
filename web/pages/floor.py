from pyscript import document, window; document.body.dataset.readyMs = str(round(window.performance.now())); document.getElementById("status").textContent = "ready"  # noqa: E501, E702, I001
