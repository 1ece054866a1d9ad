"""Menu > Online table: host a table on this computer, or join one on the network.

The screens never wait on the network: the table server runs on its own thread
(:class:`game.net.hosting.HostedServer`), each seat's connection on another
(:class:`game.net.client.RemoteTable`), and the tables of the local network are listed by a
zeroconf browser in the background. Each frame reads where things stand; once the host deals,
the table scene takes the :class:`~game.engine.source.TableSource` like any local game.

One screen a module: the first screen (:mod:`.lobby`), Host (:mod:`.host`), Join (:mod:`.join`),
Create a table on a server (:mod:`.create`), and what they share: a seat waiting for the deal
(:mod:`.waiting`), a table of the player's own (:mod:`.own_table`), their rows (:mod:`.rows`)
and the seats kept in the profile (:mod:`.seats`).
"""
