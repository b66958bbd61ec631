"""Players that drive games through the kernel protocol."""
