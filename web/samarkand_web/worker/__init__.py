"""The page's Python as a worker's (issue 33, docs/phone.md): the messages to and from
the main thread (protocol.py) and the host that answers them (host.py). Not yet wired
into the page: it is built and tested headless."""
