package io.github.providergateway.gateway.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The open provider connections, in the order they opened. Loop only. */
final class ConnectionRegistry {

  /** Open connections. Added by {@link Engine} when accepted, removed when gone. */
  private final Set<Conn> open = new LinkedHashSet<>();

  void add(Conn conn) {
    open.add(conn);
  }

  void remove(Conn conn) {
    open.remove(conn);
  }

  /** The open connections now, as a copy: closing them one by one is safe. */
  List<Conn> all() {
    return new ArrayList<>(open);
  }

  /** The open connections that have authenticated, in the order they opened. */
  List<Conn> authenticated() {
    List<Conn> authenticated = new ArrayList<>();
    for (Conn conn : open) {
      if (conn.state().isAuthenticated() && conn.credential() != null) {
        authenticated.add(conn);
      }
    }
    return authenticated;
  }
}
