package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.List;

/**
 * Where an unnamed tool's program runs, as {@link UnnamedToolActs} asks before it weighs the
 * program's words: in a pod or on another machine (the pod command's and the remote shell's rules
 * read it), in a container of an image of its own (read as here, decision 266), or by a relative
 * path (the project's own tool, {@link ProjectToolActs}).
 */
final class UnnamedToolPlaces {
  private UnnamedToolPlaces() {}

  /**
   * Whether the program is an image's, run in a container of its own ({@code docker run --rm -e
   * BOS_TOKEN registry.x/ops-tools:1 bosctl subdivision set …}): a company's tooling image reaches
   * what its tool reaches, with what it is given (decision 266); a project's own service entered by
   * {@code docker compose exec} or {@code docker exec} stays local.
   */
  static boolean imageRun(Step step) {
    for (String via : step.invocation().via()) {
      if (via.startsWith("docker run")) { // "docker run (mounted)" too
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program runs in a pod, a container or on another machine: the pod command's, the
   * local container's and the remote shell's rules read it ({@code kubectl -n dev exec deploy/x --
   * ppcctl set …}); a command carried there by ssh is read here ({@code ssh ops@h 'cgsadm ticket
   * hold release …'}), unless its host's own words are a device's ({@code show | compare rollback
   * 1}: the program's name a read).
   */
  static boolean carriedElsewhere(Step step) {
    for (String via : step.invocation().via()) {
      if (via.startsWith("kubectl ") || via.startsWith("oc ") || via.startsWith("kubecolor ")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the step runs through ssh and every ssh of the call reaches a host named for staging or
   * tests (decision 318: {@code ssh deploy@staging.shop.example 'wp option update …'}): the act is
   * the rehearsal's, as the same command with {@code --env staging} is.
   */
  static boolean onRehearsalHost(Scan scan, Step step) {
    if (!step.invocation().via().contains("ssh")) {
      return false;
    }
    boolean reached = false;
    for (Step shell : scan.steps()) {
      if (!ShapeWords.REMOTE_SHELLS.contains(shell.program())) {
        continue;
      }
      String host = RemoteShellActs.host(shell);
      if (host == null || !Environments.stagingHost(host)) {
        return false;
      }
      reached = true;
    }
    return reached;
  }

  /**
   * A program run by a relative path ({@code build/app}, {@code vendor/bin/x}): the project's own,
   * which {@link ProjectToolActs} reads.
   */
  static boolean relativePath(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return false;
    }
    String written = words.get(0).text();
    return written.indexOf('/') > 0 && written.charAt(0) != '~';
  }

  /**
   * A word that names a test's or staging's place by an alias ({@code wp @staging}) or this machine
   * ({@code --dashboard-host 127.0.0.1}, {@code root@127.0.0.1:26257}).
   */
  static boolean placeNamed(List<Word> args) {
    String option = "";
    for (Word word : args) {
      String text = word.text();
      String before = option;
      option = text.startsWith("-") ? text : "";
      if (text.length() < 2 || text.length() > 80) {
        continue;
      }
      if (SideChannels.named(text.startsWith("-") ? text : before)
          || !MailDomains.placeOf(text).equals(text)) {
        continue; // --metrics-addr 127.0.0.1:9100, --notify ops@staging.x: not the act's place
      }
      if (LocalOrTestWords.siteAlias(text)) {
        return true;
      }
      if (localFolder(text)) {
        return true; // --path=/home/user/sites/shop-local: a local install (round 64)
      }
      if (PatternLiterals.matches(ADDRESS_RANGE, text)) {
        continue; // --cidr 0.0.0.0/0: every address, not this machine's (decision 308)
      }
      String host = host(text);
      if (Environments.localHost(host) || host.indexOf('.') > 0 && Environments.stagingHost(host)) {
        return true; // --dashboard-host 127.0.0.1; --server https://hazlog-stg.corp.local/api
      }
    }
    return false;
  }

  /**
   * Whether a word is a folder of this person's ({@code ~/…}, {@code /home/…}, {@code /Users/…}, as
   * an option's value or alone) whose own name says a test, a development or this machine: {@code
   * --path=/home/user/sites/nvfb-local}, a local install the tool works on.
   */
  private static boolean localFolder(String text) {
    String value =
        text.startsWith("-") && text.indexOf('=') > 0
            ? text.substring(text.indexOf('=') + 1)
            : text;
    if (!(value.startsWith("~/") || value.startsWith("/home/") || value.startsWith("/Users/"))) {
      return false;
    }
    String folder = value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    String name = folder.substring(folder.lastIndexOf('/') + 1);
    return !name.isEmpty() && !file(name) && Environments.testName(name);
  }

  /**
   * Whether a name is a file's, by an extension that names no place: {@code dev-signing.pem} is a
   * key the command is given, not a development install; {@code shop.local} stays a folder.
   */
  private static boolean file(String name) {
    int dot = name.lastIndexOf('.');
    if (dot <= 0 || dot == name.length() - 1 || name.length() - dot > 6) {
      return false;
    }
    String extension = name.substring(dot + 1);
    for (int i = 0; i < extension.length(); i++) {
      if (!Character.isLetterOrDigit(extension.charAt(i))) {
        return false;
      }
    }
    return !Environments.testName(extension);
  }

  /** A range of addresses: {@code 0.0.0.0/0}, {@code 10.0.0.0/8}, {@code ::/0}. */
  private static final java.util.regex.Pattern ADDRESS_RANGE =
      java.util.regex.Pattern.compile(
          "(?:\\d{1,3}(?:\\.\\d{1,3}){3}|[0-9a-fA-F:]*::?[0-9a-fA-F:]*)/\\d{1,3}");

  /** The host of a word that may be one: past a scheme and a user, before a port or a path. */
  private static String host(String text) {
    int scheme = text.indexOf("://");
    String rest = scheme >= 0 ? text.substring(scheme + 3) : text;
    int at = rest.indexOf('@');
    rest = at >= 0 ? rest.substring(at + 1) : rest;
    int end = 0;
    while (end < rest.length() && rest.charAt(end) != ':' && rest.charAt(end) != '/') {
      end++;
    }
    return rest.substring(0, end);
  }

  /**
   * Whether the command changed into a folder named for tests or staging ({@code cd features/dev}).
   */
  static boolean testFolder(Step step) {
    for (Path cwd : step.cwds()) {
      Path name = cwd == null ? null : cwd.getFileName();
      if (name != null
          && (Environments.testName(name.toString())
              || Environments.stagingHost(name.toString()))) {
        return true;
      }
    }
    return false;
  }
}
