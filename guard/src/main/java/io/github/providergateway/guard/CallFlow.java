package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * What one call does that a later call of the same session is judged by (the flow rules,
 * docs/guard.md "A session remembers"): the untrusted content it takes in, the secret it reads,
 * where it sends data, and the git remotes it adds. Read from the call alone by {@link
 * Guard#flowOf}; whether a sending is <em>out</em> of the project depends on the session ({@link
 * SessionPast#sendsOut}).
 *
 * @param untrusted what untrusted content the call takes in ({@code "WebFetch of
 *     https://blog.example.net/x"}), or {@code null}
 * @param secret the secret the call reads ({@code "read of /work/p/.env"}), or {@code null}
 * @param sends where it sends data, in the order found; empty for none
 * @param remotesAdded the git remotes the call adds or points elsewhere, name to URL
 * @param writesSenders the files the call writes whose text sends data (a script that posts), path
 *     to where it sends ({@code null} inside when unknown): running one later sends
 * @param runs the files the call runs as programs or scripts, absolute paths
 * @param clones the folders it clones other repositories into: a push from inside one later is to
 *     that repository
 * @param copies the files it copies, source to copy: a copy of a script that sends sends
 * @param pushedFrom the folders its pushes run in
 */
public record CallFlow(
    String untrusted,
    String secret,
    List<Sending> sends,
    Map<String, String> remotesAdded,
    Map<String, String> writesSenders,
    List<String> runs,
    List<String> clones,
    Map<String, String> copies,
    List<String> pushedFrom) {

  /** A call that does none of it. */
  public static final CallFlow NONE =
      new CallFlow(
          null, null, List.of(), Map.of(), Map.of(), List.of(), List.of(), Map.of(), List.of());

  /**
   * What a call does, without scripts, clones or copies.
   *
   * @param untrusted what untrusted content the call takes in, or {@code null}
   * @param secret the secret the call reads, or {@code null}
   * @param sends where it sends data
   * @param remotesAdded the git remotes the call adds or points elsewhere
   */
  public CallFlow(
      String untrusted, String secret, List<Sending> sends, Map<String, String> remotesAdded) {
    this(
        untrusted,
        secret,
        sends,
        remotesAdded,
        Map.of(),
        List.of(),
        List.of(),
        Map.of(),
        List.of());
  }

  /**
   * Checks and copies.
   *
   * @param untrusted what untrusted content the call takes in, or {@code null}
   * @param secret the secret the call reads, or {@code null}
   * @param sends where it sends data; empty for none
   * @param remotesAdded the git remotes the call adds or points elsewhere, name to URL
   * @param writesSenders the files the call writes whose text sends data, path to where
   * @param runs the files the call runs, absolute paths
   * @param clones the folders it clones other repositories into
   * @param copies the files it copies, source to copy
   * @param pushedFrom the folders its pushes run in
   */
  public CallFlow {
    sends = List.copyOf(sends);
    remotesAdded = Map.copyOf(remotesAdded);
    writesSenders =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(writesSenders));
    runs = List.copyOf(runs);
    clones = List.copyOf(clones);
    copies = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(copies));
    pushedFrom = List.copyOf(pushedFrom);
  }

  /** {@return whether the call does anything the flow rules remember} */
  public boolean remembered() {
    return untrusted != null
        || secret != null
        || !sends.isEmpty()
        || !remotesAdded.isEmpty()
        || !writesSenders.isEmpty()
        || !clones.isEmpty()
        || !copies.isEmpty();
  }

  /**
   * One place a call sends data to.
   *
   * @param kind how: a request with a body, a push, publishing, a paste, a transfer to another
   *     machine, an outbound tool
   * @param to the host ({@code paste.example.com}), the push's remote name or URL, the tool's name;
   *     {@code null} when the guard cannot read it (a variable), which counts as elsewhere
   * @param what the call's words for it, for the reason ({@code curl -d @src/app.js
   *     https://paste.example.com/api})
   */
  public record Sending(Kind kind, String to, String what) {

    /**
     * Checks.
     *
     * @param kind how
     * @param to where, or {@code null} when unknown
     * @param what the call's words for it
     */
    public Sending {
      requireNonNull(kind, "kind");
      requireNonNull(what, "what");
    }

    /** How a call sends data. */
    public enum Kind {
      /** An HTTP request with a body or an upload ({@code curl -d}, {@code wget --post-file}). */
      REQUEST,
      /** A {@code git push}: out when its remote was added during the session or is a URL. */
      PUSH,
      /** Publishing a package, an image or a release: always out. */
      PUBLISH,
      /** A paste or a gist: always out. */
      PASTE,
      /** A copy to another machine ({@code scp}, {@code rsync}, {@code nc}, {@code ssh}, DNS). */
      TRANSFER,
      /** A tool that declares it reaches the outside world and is not read-only. */
      TOOL
    }
  }
}
