//! Serve: local authoring server with live reload (not yet implemented).
