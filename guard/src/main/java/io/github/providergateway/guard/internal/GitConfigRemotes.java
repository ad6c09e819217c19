package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A repository's {@code .git/config} written by the file tools, for the flow rules (round 66: a
 * dashcam maker's firmware repository, its origin's {@code url} edited to the engineer's own
 * account, then {@code git push -u origin HEAD}). Each remote address the edit sets is remembered
 * as {@code git remote set-url} is ({@link DeferredRules#remember}), so the push to that remote
 * after it is asked when the address is none of the project's repositories. The remote is the one
 * whose {@code [remote "NAME"]} section the written text shows above the address, else the last the
 * replaced text shows; when neither shows one, every remote. An address the replaced text already
 * held is kept, not set.
 */
final class GitConfigRemotes {
  private GitConfigRemotes() {}

  /** A remote's section header. */
  private static final Pattern SECTION =
      Pattern.compile("(?m)^[ \\t]*\\[[ \\t]*remote[ \\t]+\"([^\"\\s]{1,100})\"[ \\t]*\\]");

  /** A fetch or push address: {@code url = …}, {@code pushurl = …}. */
  private static final Pattern ADDRESS =
      Pattern.compile("(?im)^[ \\t]*(?:push)?url[ \\t]*=[ \\t]*(\\S{1,500})[ \\t]*$");

  /** A rewrite of every address that starts so: {@code [url "…"] insteadOf = …}. */
  private static final Pattern REWRITE = Pattern.compile("(?i)\\b(?:push)?insteadof\\b");

  /**
   * Remembers the remote addresses a text written into a repository's configuration sets: each as a
   * remote the session added ({@link Found#remotesAdded}, every remote for a rewrite of addresses
   * or a remote not told) and as a pointing that holds a later push to it.
   *
   * @param file the written file's absolute path
   * @param written the text written (a whole file's, or an edit's new text)
   * @param replaced the text an edit takes out, or {@code null} for a whole file
   * @param found where the remembered addresses go
   */
  static void written(String file, String written, String replaced, Found found) {
    if (!file.endsWith("/.git/config")) {
      return;
    }
    if (REWRITE.matcher(written).find()) {
      found.remotesAdded().put(DeferredRules.EVERY_REMOTE, file); // every address may change
    }
    Path repository = Path.of(file).getParent().getParent();
    Matcher address = ADDRESS.matcher(written);
    while (address.find()) {
      String url = address.group(1);
      if (replaced == null || !replaced.contains(url)) {
        String remote = remote(written, address.start(), replaced);
        found.remotesAdded().put(remote, remote.equals(DeferredRules.EVERY_REMOTE) ? file : url);
        DeferredRules.remember(found, repository, remote, url, DeferredRules.PUSH);
      }
    }
  }

  /** The remote whose section holds the address at {@code at}, or every remote. */
  private static String remote(String written, int at, String replaced) {
    String name = null;
    Matcher section = SECTION.matcher(written);
    while (section.find() && section.start() < at) {
      name = section.group(1);
    }
    if (name == null && replaced != null) {
      Matcher before = SECTION.matcher(replaced);
      while (before.find()) {
        name = before.group(1);
      }
    }
    return name == null ? DeferredRules.EVERY_REMOTE : name;
  }
}
