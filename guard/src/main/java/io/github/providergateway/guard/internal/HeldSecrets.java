package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;

/**
 * A file a call writes while it reads a secret ({@code env | sort > /tmp/env.txt}, {@code cp
 * ~/.aws/credentials /tmp/c}) is remembered as holding it (issue 80, round 4's flows): kept among
 * the session's written files under {@code holds:<path>} as {@code leak.secret-in-message} would
 * find it, so a later message that carries the file as its body ({@code gh issue comment
 * --body-file}: {@code WrittenRuns}' {@code sends}) is answered as a message that carries the
 * secret. A device, a temporary file named by the call and then read back by nothing is all the
 * same: what matters is where the file goes.
 */
final class HeldSecrets {
  private HeldSecrets() {}

  /** The rule a file holding a secret is kept under. */
  static final String RULE = "leak.secret-in-message";

  /**
   * Remembers the files the call writes when it reads a secret.
   *
   * @param scan the call's scan
   * @param found what the call does for the flow rules, its secret read among it
   */
  static void written(Scan scan, FlowReading.Found found) {
    String secret = found.secret();
    if (secret == null
        || scan.source() == null // a file tool's write holds what it writes: HeldContent reads it
        || secret.startsWith("expands $") // a key used in a request: the answer is no secret
        || secret.endsWith("(searches for secrets)")) {
      return;
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size() && found.writesSenders().size() < 16; i++) {
      Access access = accesses.get(i);
      if (access.kind() != Access.Kind.WRITE || !access.target().known()) {
        continue;
      }
      Path path = access.target().path();
      if (path.startsWith("/dev") || path.startsWith("/proc")) {
        continue;
      }
      found.writesSenders().put(HeldContent.KEY + path, RULE + " " + FlowReading.shorten(secret));
    }
  }
}
