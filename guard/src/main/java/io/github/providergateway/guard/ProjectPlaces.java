package io.github.providergateway.guard;

import java.util.Locale;
import java.util.Map;

/**
 * The project's own places, for a session's past ({@link SessionPast}): its git remotes when the
 * session began and those added since, and what they make of a sending's destination — a push to
 * one of the project's own remotes and a request to loopback, a host of its remotes or a package
 * registry stay in the project; anything else leaves it.
 *
 * @param ownRemotes the project's remotes when the session began, name to URL
 * @param remotesAdded the remotes added or re-pointed during the session, name to URL ({@code *}:
 *     every remote redirected)
 */
record ProjectPlaces(Map<String, String> ownRemotes, Map<String, String> remotesAdded) {

  /**
   * Whether a push to {@code to} leaves the project.
   *
   * @param to the push's remote or URL; {@code null} when unknown, empty for the branch's own
   * @param addedNow the remotes the same call adds
   */
  boolean pushOut(String to, Map<String, String> addedNow) {
    if (to == null) {
      return true;
    }
    if (to.isEmpty()) {
      return false; // git push with no remote: the branch's own, the project's
    }
    if (remotesAdded.containsKey(to)
        || addedNow.containsKey(to)
        || remotesAdded.containsKey("*")
        || addedNow.containsKey("*")) {
      return true; // added, pointed elsewhere, or every remote redirected (url.*.insteadOf)
    }
    if (ownRemotes.containsKey(to)) {
      return false;
    }
    for (String url : ownRemotes.values()) {
      if (RemoteUrls.sameRepository(url, to)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a request's destination is the project's own: loopback, a host of its remotes, a
   * registry; a repository of its remotes ({@code repo acme/shop}, {@code repo api.github.com
   * acme/shop}).
   */
  boolean ownPlace(String to) {
    if (!to.startsWith("repo ")) {
      return ownHost(to);
    }
    String rest = to.substring(5);
    int space = rest.indexOf(' ');
    return space < 0
        ? ownRepository(rest)
        : ownHost(rest.substring(0, space)) && ownRepository(rest.substring(space + 1));
  }

  /** Whether {@code ownerAndName} ({@code acme/shop}) is the repository of a project's remote. */
  private boolean ownRepository(String ownerAndName) {
    String wanted = ownerAndName.toLowerCase(Locale.ROOT);
    wanted = wanted.endsWith(".git") ? wanted.substring(0, wanted.length() - 4) : wanted;
    for (String url : ownRemotes.values()) {
      if (RemoteUrls.repoPath(url).equals(wanted)) {
        return true;
      }
    }
    return false;
  }

  private boolean ownHost(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    if (RemoteUrls.loopback(h) || RemoteUrls.REGISTRIES.contains(h)) {
      return true;
    }
    for (String url : ownRemotes.values()) {
      String remoteHost = RemoteUrls.hostOf(url);
      if (remoteHost != null && (h.equals(remoteHost) || h.equals("api." + remoteHost))) {
        return true;
      }
    }
    return false;
  }
}
