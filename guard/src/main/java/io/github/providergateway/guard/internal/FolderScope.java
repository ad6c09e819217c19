package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a folder changed inside a command stops holding: a {@code cd} in {@code bash -c '…'} or
 * another nested script holds for the rest of that script, and a wrapper's folder ({@code env -C
 * /tmp cmd}, {@code sudo -D DIR cmd}) for the command it wraps and what that command runs; the
 * programs after are back in the folders before. The red team of the shell reading (issue 80,
 * {@code rtw-180}, {@code rtw-181}) ran {@code rm -rf ./*} in the home after {@code bash -c 'cd
 * /tmp'} or {@code env -C /tmp true}, read as if in {@code /tmp}.
 */
final class FolderScope {
  /** What a wrapper's folder is reached through (the resolver's {@code cd} for it). */
  static final String CHDIR = "chdir";

  /** How deep the scope's programs are nested ({@link Invocation#via}'s size). */
  private final int depth;

  /** Whether the folder is a wrapper's: its command, one step up, is within it. */
  private final boolean wrapped;

  private final List<Path> folders;

  private final List<Path> current;

  /** Whether the wrapper's command has been seen: the next program as high is after it. */
  private boolean commandSeen;

  private FolderScope(int depth, boolean wrapped, List<Path> folders, List<Path> current) {
    this.depth = depth;
    this.wrapped = wrapped;
    this.folders = folders;
    this.current = current;
  }

  /**
   * The scope of a nested {@code cd}, taken before it changes the folders.
   *
   * @param cd the {@code cd}, reached through a nested script or a wrapper
   * @param folders the folders the programs may run in, before it
   * @param current the same, as the steps before it were given them
   * @return its scope
   */
  static FolderScope of(Invocation cd, Set<Path> folders, List<Path> current) {
    List<String> via = cd.via();
    boolean wrapped = via.get(via.size() - 1).equals(CHDIR);
    return new FolderScope(depthOf(cd), wrapped, new ArrayList<>(folders), current);
  }

  /** What a command read again with its values put in is reached through: no script of its own. */
  private static final String SUBSTITUTED = "$var";

  /**
   * {@return how deeply a program is nested in scripts: the ways it was reached but {@code $var},
   * which is the same command read again with its variables' values ({@code cd "$DIR"})}
   */
  static int depthOf(Invocation invocation) {
    List<String> via = invocation.via();
    int depth = 0;
    for (int i = 0; i < via.size(); i++) {
      depth += via.get(i).equals(SUBSTITUTED) ? 0 : 1;
    }
    return depth;
  }

  /**
   * Whether {@code next} runs after the scope: less deeply nested than its {@code cd}; for a
   * wrapper's folder, less deeply nested than the command it wraps, or as deep once that command
   * was seen.
   *
   * @param next the next program
   * @return whether the folders before the scope hold again for it
   */
  boolean endsBefore(Invocation next) {
    int at = depthOf(next);
    if (!wrapped) {
      return at < depth;
    }
    if (at < depth - 1 || at == depth - 1 && commandSeen) {
      return true;
    }
    commandSeen |= at == depth - 1;
    return false;
  }

  /** {@return the folders before the scope} */
  List<Path> folders() {
    return folders;
  }

  /** {@return the folders before the scope, as the steps before it were given them} */
  List<Path> current() {
    return current;
  }
}
