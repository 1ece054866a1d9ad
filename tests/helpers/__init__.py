"""What several test modules share: building positions, driving the window, running a server,
faulty disks. Test modules import from here, never from one another; the fixtures are in
tests/conftest.py."""
