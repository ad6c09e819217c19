package io.github.providergateway.guard.shell.programs;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The other names inline code gives the modules and calls that run commands (issue 80: inline code
 * by another name): python's {@code import subprocess as s}, {@code from os import system as x},
 * {@code o = __import__('os')}, {@code r = subprocess.run}; node's {@code const {execSync: run} =
 * require('child_process')} and {@code const run = cp.execSync}. {@link InlineScan} reads a call
 * through them as the call it stands for.
 */
final class InlineAliases {
  /** {@code import a.b as c}, one or more, comma separated. */
  private static final Pattern PY_IMPORT_AS =
      Pattern.compile(
          "\\bimport\\s+([\\w.]+)\\s+as\\s+(\\w+)(?:\\s*,\\s*([\\w.]+)\\s+as\\s+(\\w+))?");

  /** {@code from m import f as g, h as i}. */
  private static final Pattern PY_FROM_IMPORT =
      Pattern.compile("\\bfrom\\s+([\\w.]+)\\s+import\\s+\\(?([\\w\\s,]{1,400})");

  /** {@code name as alias} within an import's list. */
  private static final Pattern AS = Pattern.compile("(\\w+)\\s+as\\s+(\\w+)");

  /** {@code o = __import__('os')}, {@code o = importlib.import_module("os")}. */
  private static final Pattern PY_DYNAMIC_IMPORT =
      Pattern.compile(
          "\\b(\\w+)\\s*=\\s*(?:__import__|importlib\\.import_module|import_module)\\s*\\(\\s*['\"]([\\w.]+)['\"]");

  /** {@code x = subprocess}: another name for a module that runs commands (python). */
  private static final Pattern PY_MODULE_REBOUND =
      Pattern.compile("\\b(\\w+)\\s*=\\s*(subprocess|os|posix|pty|asyncio)\\s*(?=[;\\n]|$)");

  /** {@code r = subprocess.run} (no call): a name for the function. */
  private static final Pattern ASSIGNED_MEMBER =
      Pattern.compile(
          "(?:\\b(?:const|let|var)\\s+)?\\b(\\w+)\\s*=\\s*([\\w.]+(?:\\(\\s*['\"][\\w:./-]+['\"]\\s*\\))?)\\.(\\w+)\\s*(?=[;,\\n)]|$)");

  /** node's {@code {execSync: run, spawn: sp}} destructuring. */
  private static final Pattern DESTRUCTURED =
      Pattern.compile(
          "\\{([\\w\\s:,]{1,400})\\}\\s*=\\s*require\\s*\\(\\s*['\"](?:node:)?child_process['\"]");

  /** {@code x = require('child_process')} in node: a name for the module. */
  private static final Pattern NODE_REQUIRE =
      Pattern.compile(
          "\\b(\\w+)\\s*=\\s*(?:require|await\\s+import)\\s*\\(\\s*['\"](?:node:)?(child_process|execa)['\"]");

  private final Map<String, String> modules = new HashMap<>();
  private final Map<String, String> functions = new HashMap<>();

  private InlineAliases() {}

  /** Reads the code's aliases: one pass of each pattern, for python and node alone. */
  static InlineAliases of(InlineLanguage language, String code) {
    InlineAliases aliases = new InlineAliases();
    if (language == InlineLanguage.PYTHON) {
      Matcher m = PY_IMPORT_AS.matcher(code);
      while (m.find()) {
        aliases.modules.put(m.group(2), m.group(1));
        if (m.group(3) != null) {
          aliases.modules.put(m.group(4), m.group(3));
        }
      }
      m = PY_MODULE_REBOUND.matcher(code);
      while (m.find()) {
        aliases.modules.put(m.group(1), m.group(2));
      }
      m = PY_DYNAMIC_IMPORT.matcher(code);
      while (m.find()) {
        aliases.modules.put(m.group(1), m.group(2));
      }
      m = PY_FROM_IMPORT.matcher(code);
      while (m.find()) {
        Matcher as = AS.matcher(m.group(2));
        while (as.find()) {
          aliases.functions.put(as.group(2), as.group(1));
        }
      }
    } else if (language == InlineLanguage.NODE) {
      Matcher m = NODE_REQUIRE.matcher(code);
      while (m.find()) {
        aliases.modules.put(m.group(1), m.group(2));
      }
      m = DESTRUCTURED.matcher(code);
      while (m.find()) {
        for (String part : m.group(1).split(",", 64)) {
          int colon = part.indexOf(':');
          if (colon > 0) {
            aliases.functions.put(
                part.substring(colon + 1).strip(), part.substring(0, colon).strip());
          }
        }
      }
    } else {
      return aliases;
    }
    Matcher m = ASSIGNED_MEMBER.matcher(code);
    while (m.find()) {
      aliases.functions.put(m.group(1), m.group(3));
    }
    return aliases;
  }

  /** {@return the module a qualifier names: itself, or the module it is another name for} */
  String module(String qualifier) {
    if (qualifier.isEmpty() || modules.isEmpty()) {
      return qualifier;
    }
    int dot = qualifier.indexOf('.');
    String head = dot < 0 ? qualifier : qualifier.substring(0, dot);
    String module = modules.get(head);
    return module == null ? qualifier : dot < 0 ? module : module + qualifier.substring(dot);
  }

  /** {@return the function a bare name calls: itself, or the function it is another name for} */
  String function(String name) {
    String function = functions.get(name);
    return function == null ? name : function;
  }
}
