package io.github.providergateway.agent.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A project's git remotes as its {@code .git/config} names them, when its session begins: a push to
 * one of them, or a request to their hosts, is the project's own work and not sending data out
 * (docs/guard.md, "Sending data out"). Read without running git; at most {@value #MAX_BYTES} bytes
 * of the file, at most {@link io.github.providergateway.guard.SessionPast#MAX_NAMES} remotes. A
 * worktree's {@code .git} file is followed to its {@code commondir}'s config. Anything unreadable
 * gives no remotes: every push is then out, which errs on the safe side.
 */
public final class GitRemotes {

  /** The most of a config file read. */
  static final int MAX_BYTES = 64 * 1024;

  private static final Pattern SECTION =
      Pattern.compile("^\\s*\\[\\s*remote\\s+\"([^\"]+)\"\\s*]\\s*$", Pattern.CASE_INSENSITIVE);
  private static final Pattern URL = Pattern.compile("^\\s*url\\s*=\\s*(\\S+)\\s*$");

  private GitRemotes() {}

  /**
   * The remotes of the repository at {@code project}.
   *
   * @param project the project's folder
   * @return name to URL; empty for none
   */
  public static Map<String, String> of(Path project) {
    try {
      Path config = config(project);
      if (config == null) {
        return Map.of();
      }
      return parse(read(config));
    } catch (IOException | RuntimeException e) {
      return Map.of();
    }
  }

  private static Path config(Path project) throws IOException {
    Path git = project.resolve(".git");
    if (Files.isDirectory(git, LinkOption.NOFOLLOW_LINKS)) {
      return git.resolve("config");
    }
    if (!Files.isRegularFile(git, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    String pointer = read(git).strip();
    if (!pointer.startsWith("gitdir:")) {
      return null;
    }
    Path dir = project.resolve(pointer.substring("gitdir:".length()).strip()).normalize();
    Path common = dir.resolve("commondir");
    if (Files.isRegularFile(common)) {
      dir = dir.resolve(read(common).strip()).normalize();
    }
    return dir.resolve("config");
  }

  private static String read(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return new String(in.readNBytes(MAX_BYTES), UTF_8);
    }
  }

  /** The remotes a config's text names. */
  static Map<String, String> parse(String text) {
    Map<String, String> remotes = new LinkedHashMap<>();
    String remote = null;
    for (String line : text.split("\n")) {
      Matcher section = SECTION.matcher(line);
      if (section.matches()) {
        remote = section.group(1);
        continue;
      }
      if (line.strip().startsWith("[")) {
        remote = null;
        continue;
      }
      Matcher url = URL.matcher(line);
      if (remote != null && url.matches() && !remotes.containsKey(remote)) {
        remotes.put(remote, url.group(1));
        if (remotes.size() >= io.github.providergateway.guard.SessionPast.MAX_NAMES) {
          break;
        }
      }
    }
    return remotes;
  }
}
