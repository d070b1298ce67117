"""Work kept off the event loop, in processes of its own."""
