"""The live casino server (``crupier serve``): REST, WebSockets, logins; see docs/server.md."""
