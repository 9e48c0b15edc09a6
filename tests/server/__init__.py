"""The server's tests: the protocol, the store, the clock, the page in a browser."""
