"""The game server: HTTP and WebSocket play in the browser, with every accepted action stored
before anyone hears of it (`dejarik serve`)."""
