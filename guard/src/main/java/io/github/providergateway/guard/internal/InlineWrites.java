package io.github.providergateway.guard.internal;

/**
 * What in inline code changes a file its literals name: an open mode that writes ({@code 'w'},
 * {@code 'a+'}, {@code ,'x')}), a call that writes, appends, removes or renames, perl's and awk's
 * redirections; and the calls that copy, move or link their first argument onto their second
 * ({@code shutil.copy}, {@code fs.copyFileSync}, {@code FileUtils.cp}), whose second is written
 * (issue 64's red-team pass).
 */
final class InlineWrites {
  private InlineWrites() {}

  /** What in code says it writes the files it names. */
  private static final String[] WRITES = {
    "'w'",
    "\"w\"",
    "'a'",
    "\"a\"",
    "write",
    "unlink",
    "remove",
    "rename",
    "truncate",
    "rmSync",
    // open's other modes, appends and streams, perl's and awk's redirections (issue 64)
    ",'x')", // open(…,'x'): created, never a key's name as d.get('x') is
    ", 'x')",
    ",\"x\")",
    ", \"x\")",
    "'w+'",
    "\"w+\"",
    "'r+'",
    "\"r+\"",
    "'a+'",
    "\"a+\"",
    "'wb'",
    "\"wb\"",
    "'ab'",
    "\"ab\"",
    "'>",
    "\">",
    "> \"",
    ">\"",
    "> '",
    "appendFile",
    "Write",
    "put_contents"
  };

  /** What copies, moves or links its first argument onto its second in inline code. */
  static final String[] COPIES = {
    "copy(", "copyfile(", "copy2(", "copytree(", "move(", "os.replace(", "symlink(", "link(",
    "copyFileSync(", "cpSync(", "renameSync(", "symlinkSync(", "linkSync(", "FileUtils.cp(",
        "FileUtils.mv(", "FileUtils.ln_s("
  };

  /**
   * Whether the code writes what it names.
   *
   * @param code the inline code
   * @return whether one of {@link #WRITES} is in it
   */
  static boolean any(String code) {
    for (String write : WRITES) {
      if (code.contains(write)) {
        return true;
      }
    }
    return false;
  }
}
