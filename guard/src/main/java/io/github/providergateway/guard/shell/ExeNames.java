package io.github.providergateway.guard.shell;

import java.util.Locale;
import java.util.Map;

/**
 * A Windows program's name as the rules name it (decision 140). From WSL a Windows program runs by
 * its file's name, {@code .exe} and all ({@code powershell.exe}, {@code cmd.exe}, {@code reg.exe}),
 * and the Windows drives are read without regard to case ({@code CMD.EXE} runs the same program);
 * the rules name each program once, as it is named on Linux or in its documentation ({@code
 * powershell}, {@code cmd}, {@code MpCmdRun}). A name that ends in {@code .exe}, in any case, is
 * read without it and in lower case, but for the few the rules spell in mixed case.
 */
final class ExeNames {
  private ExeNames() {}

  /** The programs the rules spell in mixed case, by their lower-case names. */
  private static final Map<String, String> MIXED_CASE =
      Map.of(
          "mpcmdrun", "MpCmdRun",
          "rubeus", "Rubeus",
          "buildpatchtool", "BuildPatchTool");

  /**
   * {@return the program's name as the rules read it: {@code name} itself, or for a Windows
   * program's file name its name without {@code .exe}}
   *
   * @param name a program's name without its folder
   */
  static String plain(String name) {
    int slash = name.lastIndexOf('\\');
    if (slash >= 0) {
      // C:\Windows\System32\cmd.exe, as PowerShell's & names a program: Windows' own path.
      String last = name.substring(slash + 1);
      return last.isEmpty() ? name : plain(last.indexOf('.') < 0 ? last + ".exe" : last);
    }
    int n = name.length();
    if (n <= 4 || name.charAt(n - 4) != '.' || !name.regionMatches(true, n - 3, "exe", 0, 3)) {
      return name;
    }
    String lower = name.substring(0, n - 4).toLowerCase(Locale.ROOT);
    return MIXED_CASE.getOrDefault(lower, lower);
  }
}
