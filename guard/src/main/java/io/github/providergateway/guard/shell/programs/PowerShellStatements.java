package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PowerShell's code as statements the shell's reading takes (decision 140): comments out; script
 * blocks' braces end statements, so each block's statements are read as the rest are; {@code if},
 * {@code elseif}, {@code while}, {@code switch} and {@code foreach} as the command or expression of
 * their parentheses; an assignment as its value; an expression ({@code $PSVersionTable}, {@code
 * 'text'}, {@code (Get-Date).Year}) as the output it is, with the cmdlets called in it still read;
 * {@code & 'C:\tool.exe'} as that program. What the guard cannot read is said: a program called by
 * a computed name ({@code & $tool}), and .NET's methods that are not known to read alone ({@code
 * [IO.File]::Delete}, {@code $file.Delete()}).
 */
final class PowerShellStatements {
  private PowerShellStatements() {}

  /**
   * The code as shell text, or what it does that the guard cannot read.
   *
   * @param shell the statements, joined by {@code ;}, or null
   * @param opaque why the code cannot be read, or null
   */
  record Reading(String shell, String opaque) {}

  private static final Pattern HEAD =
      Pattern.compile("(?i)^(if|elseif|while|until|switch|foreach|for)\\b\\s*(?:-\\w+\\s*)*\\(");
  private static final Pattern FOREACH_IN = Pattern.compile("(?is)^\\s*\\$[\\w:]+\\s+in\\s+(.*)$");
  private static final Pattern ALONE =
      Pattern.compile(
          "(?i)^(?:else|try|finally|do|begin|process|end|default|trap|catch(?:\\s*\\[[^\\]]*\\]"
              + "\\s*,?)*|(?:function|filter|workflow)\\s+[\\w:-]+(?:\\s*\\(.*\\))?|param\\s*\\(.*\\)"
              + "|\\[CmdletBinding\\(.*\\)\\])$");
  private static final Pattern ASSIGNMENT =
      Pattern.compile(
          "(?s)^(?:\\[[^\\]]+\\]\\s*)*\\$[\\w:.]+(?:\\[[^\\]]*\\])?\\s*[-+*/%]?=(?!=)\\s*");
  private static final Pattern LITERAL_ASSIGNMENT =
      Pattern.compile("\\$([A-Za-z_]\\w*)\\s*=\\s*(?:'([^']*)'|\"([^\"$`]*)\")");
  private static final Pattern FLOW = Pattern.compile("(?i)^(?:return|throw|exit)\\b\\s*");
  private static final Pattern STATIC_CALL =
      Pattern.compile("\\[([A-Za-z][\\w.]*)\\]::([A-Za-z_]\\w*)");
  private static final Pattern METHOD = Pattern.compile("\\.([A-Za-z_]\\w*)\\s*\\(");

  /** Cmdlets that act on the objects piped to them: deleting, copying, moving, stopping. */
  private static final Pattern CONSUMERS =
      Pattern.compile(
          "(?i)(?:Remove-Item|ri|rm|rmdir|rd|del|erase|Copy-Item|cpi|cp|copy|Move-Item|mi|mv"
              + "|move|Stop-Process|spps|kill)\\b");

  /** Stop-Process -Name *: every process, as pkill -f . stops them. */
  private static final Pattern STOP_EVERY =
      Pattern.compile(
          "(?i)^(?:Stop-Process|spps|kill)\\b.*\\s-(?:Name|ProcessName|n)\\s+['\"]?\\*['\"]?(?:\\s.*)?$");

  /**
   * A cmdlet's name qualified by its module: {@code Microsoft.PowerShell.Management\Remove-Item}.
   */
  private static final Pattern MODULE =
      Pattern.compile("^[A-Za-z][\\w.]*\\\\(?=[A-Za-z]+-[A-Za-z])");

  /** A listing of a folder named as written: {@code Get-ChildItem -Path ~/logs}. */
  private static final Pattern LISTING =
      Pattern.compile(
          "(?i)(?:Get-ChildItem|gci|ls|dir)\\s+(?:-(?:Path|LiteralPath)\\s+)?(['\"]?)"
              + "([^\\s'\"|;$()-][^\\s'\"|;$()]*)\\1(?:\\s|$)");

  /** The cmdlets that delete what they are given. */
  private static final Pattern DELETERS =
      Pattern.compile("(?i)(?:Remove-Item|ri|rm|rmdir|rd|del|erase)\\b");

  private static final Pattern RECURSE = Pattern.compile("(?i)\\s-(?:Recurse|r|rec\\w*)\\b");

  /** A listing that goes into every folder below: {@code Get-ChildItem ~ -Recurse}. */
  private static final Pattern LISTS_DEEP =
      Pattern.compile("(?i)^(?:Get-ChildItem|gci|ls|dir)\\b.*\\s-(?:Recurse|r|rec\\w*)\\b");

  /** A hashtable or array splatted as parameters: {@code @params}. */
  private static final Pattern SPLAT = Pattern.compile("(?<=\\s)@([A-Za-z_]\\w*)\\b");

  private static final Pattern CMDLET_CALL = Pattern.compile("\\s*[A-Za-z]+-[A-Za-z]");

  /** .NET's types whose static members only compute or read. */
  private static final Set<String> READING_TYPES =
      NameSet.of(
          "math",
          "datetime",
          "convert",
          "string",
          "io.path",
          "path",
          "text.encoding",
          "guid",
          "timespan",
          "regex",
          "int",
          "int32",
          "int64",
          "double",
          "bool",
          "char",
          "version",
          "uri",
          "environment",
          "io.file",
          "io.directory",
          "bitconverter",
          "console",
          "array");

  /** Methods that compute, convert or read, on any object or type. */
  private static final Set<String> READING_METHODS =
      NameSet.of(
          "tostring",
          "trim",
          "trimstart",
          "trimend",
          "split",
          "replace",
          "substring",
          "tolower",
          "toupper",
          "tolowerinvariant",
          "toupperinvariant",
          "contains",
          "startswith",
          "endswith",
          "join",
          "gettype",
          "equals",
          "indexof",
          "lastindexof",
          "padleft",
          "padright",
          "format",
          "adddays",
          "addhours",
          "addminutes",
          "addseconds",
          "addmonths",
          "addyears",
          "getbytes",
          "getstring",
          "frombase64string",
          "tobase64string",
          "combine",
          "getfilename",
          "getextension",
          "getdirectoryname",
          "getfilenamewithoutextension",
          "getfullpath",
          "exists",
          "add",
          "insert",
          "containskey",
          "containsvalue",
          "parse",
          "tryparse",
          "match",
          "matches",
          "isnullorempty",
          "isnullorwhitespace",
          "compare",
          "compareto",
          "sort",
          "reverse",
          "getenvironmentvariable",
          "getfolderpath",
          "newguid",
          "toint32",
          "toint64",
          "toarray",
          "where",
          "foreach",
          "readalltext",
          "readalllines",
          "readallbytes",
          "getfiles",
          "getdirectories",
          "enumeratefiles",
          "enumeratedirectories",
          "writeline",
          "write",
          "round",
          "floor",
          "ceiling",
          "abs",
          "max",
          "min",
          "pow",
          "sqrt",
          "now",
          "today",
          "utcnow",
          "fromfiletime",
          "tofiletime",
          "touniversaltime",
          "tolocaltime",
          "getvalue",
          "haskey",
          "clone",
          "count",
          "escape",
          "unescape",
          "new",
          "get",
          "isinrole",
          "getcurrent",
          "getlength",
          "getupperbound",
          "close",
          "dispose");

  static Reading read(String code) {
    List<String> out = new ArrayList<>();
    for (String line : split(uncommented(code), "\n{}")) {
      for (String statement : heads(line.strip())) {
        for (String part : split(statement, ";")) {
          Matcher literal = LITERAL_ASSIGNMENT.matcher(part.strip());
          if (literal.matches()) {
            // $p = '/home/u': the shell's variable, so that Remove-Item $p reads the path.
            String value = literal.group(2) != null ? literal.group(2) : literal.group(3);
            out.add(literal.group(1) + "='" + value.replace("'", "'\\''") + "'");
            continue;
          }
          String s = unassigned(part.strip());
          if (s.isEmpty() || ALONE.matcher(s).matches()) {
            continue;
          }
          StringBuilder pipeline = new StringBuilder();
          String previous = null;
          for (String element : split(s, "|")) {
            String e = element.strip();
            String opaque = opaque(e);
            if (opaque != null) {
              return new Reading(null, opaque);
            }
            String read = command(e);
            Matcher listed = previous == null ? null : LISTING.matcher(previous);
            if (listed != null && listed.lookingAt() && DELETERS.matcher(e).lookingAt()) {
              // Get-ChildItem ~ -Recurse | Remove-Item: what is in the folder listed, as deep as
              // the listing went (the objects carry their whole paths).
              boolean deep = LISTS_DEEP.matcher(previous).find() || RECURSE.matcher(e).find();
              pipeline.setLength(Math.max(0, pipeline.lastIndexOf(" | ")));
              read = "rm " + (deep ? "-r " : "") + "-f " + listed.group(2) + "/*";
            } else if (previous != null && CONSUMERS.matcher(e).lookingAt()) {
              read = "xargs " + read; // what another command gives it is what it acts on
            }
            pipeline.append(pipeline.length() == 0 ? "" : " | ").append(read);
            previous = e;
          }
          out.add(pipeline.toString());
        }
      }
    }
    return new Reading(String.join(" ; ", out), null);
  }

  /** Why an element cannot be read, or null: a computed program, a .NET call not known to read. */
  private static String opaque(String element) {
    if (SPLAT.matcher(element).find()) {
      return "PowerShell code that passes a cmdlet its parameters from a table (@params)";
    }
    if (element.startsWith("&") || element.startsWith(". ")) {
      String rest = element.substring(1).strip();
      if (!rest.startsWith("'")
          && !rest.startsWith("\"")
          && !rest.matches("(?s)[\\w./\\\\:-]+.*")) {
        return "PowerShell code that runs what it builds";
      }
    }
    Matcher call = STATIC_CALL.matcher(element);
    while (call.find()) {
      String type = call.group(1).toLowerCase(Locale.ROOT);
      type = type.startsWith("system.") ? type.substring(7) : type;
      if (!READING_TYPES.contains(type)
          || !READING_METHODS.contains(call.group(2).toLowerCase(Locale.ROOT))) {
        return "PowerShell code that calls .NET's " + call.group(1) + "::" + call.group(2);
      }
    }
    Matcher method = METHOD.matcher(element);
    while (method.find()) {
      if (!READING_METHODS.contains(method.group(1).toLowerCase(Locale.ROOT))) {
        return "PowerShell code that calls the method " + method.group(1);
      }
    }
    return null;
  }

  /** An element as the shell's command: a command as written, an expression as its output. */
  private static String command(String element) {
    if (STOP_EVERY.matcher(element).matches()) {
      return "pkill -9 -f .";
    }
    if (element.startsWith("&") || element.startsWith(". ")) {
      return element.substring(1).strip();
    }
    element =
        MODULE.matcher(element).replaceFirst(""); // Microsoft.PowerShell.Management\Remove-Item
    char c = element.isEmpty() ? ' ' : element.charAt(0);
    if (c != '$'
        && c != '\''
        && c != '"'
        && c != '('
        && c != '['
        && c != '@'
        && c != '-'
        && c != '!'
        && !Character.isDigit(c)) {
      return element;
    }
    // An expression: what it outputs, with the cmdlets it calls in $( ) and ( ) still read.
    StringBuilder echo = new StringBuilder("echo value");
    for (String inner : calls(element)) {
      Reading reading = read(inner);
      if (reading.shell() != null && !reading.shell().isEmpty()) {
        echo.append(" \"$(").append(reading.shell()).append(")\"");
      }
    }
    return echo.toString();
  }

  /**
   * The code of an expression's {@code $( )}, of its {@code (Verb-Noun …)} calls and of the script
   * blocks it passes ({@code $items.ForEach({ … })}).
   */
  private static List<String> calls(String expression) {
    List<String> found = new ArrayList<>();
    Matcher cmdlet = CMDLET_CALL.matcher(expression);
    for (int i = 0; i < expression.length(); i++) {
      char c = expression.charAt(i);
      boolean sub = c == '$' && i + 1 < expression.length() && expression.charAt(i + 1) == '(';
      boolean call = c == '(' && cmdlet.region(i + 1, expression.length()).lookingAt();
      boolean block = c == '{' && (i == 0 || expression.charAt(i - 1) != '@');
      if (sub || call || block) {
        int open = sub ? i + 1 : i;
        int close = closing(expression, open);
        if (close < 0) {
          break;
        }
        found.add(expression.substring(open + 1, close));
        i = close;
      }
    }
    return found;
  }

  /** A line begun by a keyword with parentheses, as its condition's statement and the rest. */
  private static List<String> heads(String line) {
    Matcher head = HEAD.matcher(line);
    if (!head.lookingAt()) {
      return List.of(line);
    }
    int open = head.end() - 1;
    int close = closing(line, open);
    if (close < 0) {
      return List.of(line);
    }
    String inside = line.substring(open + 1, close);
    String keyword = head.group(1).toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    if (keyword.equals("foreach")) {
      Matcher in = FOREACH_IN.matcher(inside);
      if (in.matches()) {
        out.add(in.group(1));
      }
    } else if (!keyword.equals("for")) {
      out.add(inside.strip().startsWith("(") ? inside.strip() : inside);
    }
    out.add(line.substring(close + 1));
    return out;
  }

  private static String unassigned(String statement) {
    String s = statement;
    for (int i = 0; i < 4; i++) {
      Matcher m = ASSIGNMENT.matcher(s);
      Matcher f = FLOW.matcher(s);
      if (m.lookingAt()) {
        s = s.substring(m.end());
      } else if (f.lookingAt()) {
        s = s.substring(f.end());
      } else {
        break;
      }
    }
    return s;
  }

  /** The index of the bracket closing the one at {@code open}, quotes minded, or -1. */
  static int closing(String text, int open) {
    char opening = text.charAt(open);
    char closer = opening == '{' ? '}' : ')';
    int depth = 0;
    char quote = 0;
    for (int i = open; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '`' && quote == '"') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == opening) {
        depth++;
      } else if (c == closer && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The text split at any of {@code separators} outside quotes, parentheses and {@code @{ }} tables
   * (a table is one value: {@code -Body @{ name = 'x' }}).
   */
  static List<String> split(String text, String separators) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int tables = 0;
    char quote = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '`' && quote == '"') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
        continue;
      }
      if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '@' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
        tables++;
        i++;
      } else if (c == '}' && tables > 0) {
        tables--;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && depth > 0) {
        depth--;
      } else if (depth == 0 && tables == 0 && separators.indexOf(c) >= 0) {
        out.add(text.substring(start, i));
        start = i + 1;
      }
    }
    out.add(text.substring(start));
    return out;
  }

  /** The code without its comments ({@code # …}, {@code <# … #>}), continued lines joined. */
  static String uncommented(String code) {
    if (code.indexOf('#') < 0 && code.indexOf('`') < 0) {
      return code;
    }
    StringBuilder out = new StringBuilder(code.length());
    char quote = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (quote != 0) {
        out.append(c);
        if (c == '`' && quote == '"' && i + 1 < code.length()) {
          out.append(code.charAt(++i));
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        out.append(c);
      } else if (c == '<' && code.startsWith("<#", i)) {
        int end = code.indexOf("#>", i + 2);
        i = end < 0 ? code.length() : end + 1;
      } else if (c == '#' && (i == 0 || Character.isWhitespace(code.charAt(i - 1)))) {
        int end = code.indexOf('\n', i);
        i = end < 0 ? code.length() : end - 1;
      } else if (c == '`' && i + 1 < code.length() && code.charAt(i + 1) == '\n') {
        out.append(' ');
        i++;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
