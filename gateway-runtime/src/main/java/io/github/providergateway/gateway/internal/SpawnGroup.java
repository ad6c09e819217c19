package io.github.providergateway.gateway.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The sessions one shared provider serves (this gateway's extension, decision 72): the reference
 * app's sessions of one project folder for one config entry. The host adds each session as it
 * starts using the provider; a session leaves when it ends; an empty group is over and its tokens
 * die with it. Loop only.
 */
final class SpawnGroup {

  private final String id;

  /** Its sessions, in the order they joined. */
  private final Set<String> sessions = new LinkedHashSet<>();

  SpawnGroup(String id) {
    this.id = id;
  }

  /** {@return the host's name for it} */
  String id() {
    return id;
  }

  boolean contains(String sessionId) {
    return sessions.contains(sessionId);
  }

  /** Adds {@code sessionId}; {@return whether it was not a member yet} */
  boolean add(String sessionId) {
    return sessions.add(sessionId);
  }

  /** Removes {@code sessionId}; {@return whether it was a member} */
  boolean remove(String sessionId) {
    return sessions.remove(sessionId);
  }

  boolean isEmpty() {
    return sessions.isEmpty();
  }

  /** {@return its sessions now, in the order they joined} */
  List<String> sessions() {
    return List.copyOf(sessions);
  }

  @Override
  public String toString() {
    return "group " + id + " " + sessions;
  }
}
