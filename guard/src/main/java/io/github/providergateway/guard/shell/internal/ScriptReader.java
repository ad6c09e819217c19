package io.github.providergateway.guard.shell.internal;

import io.github.providergateway.guard.shell.ShellParseException;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.RawCommand.Nest;
import io.github.providergateway.guard.shell.internal.RawCommand.RawRedirect;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reads one text as bash splits it into simple commands, their words after quote removal, their
 * redirections and the commands of their substitutions. One pass, left to right, no regular
 * expressions: every character is looked at a bounded number of times per nesting level.
 *
 * <p>Compound commands are read flatly: their keywords ({@code if}, {@code then}, {@code do}, {@code
 * {}, …) are stepped over and the commands between them read as any other, which is all a guard
 * needs (every command that may run). Only {@code case} (whose patterns end with {@code )}), {@code
 * for} (whose list is no command), {@code [[ … ]]} and {@code (( … ))} get their own reading.
 */
final class ScriptReader {
  private static final int STOP_END = 0;
  private static final int STOP_PAREN = 1;
  private static final int STOP_CASE = 2;

  /** The text read. */
  private final String s;

  /**
   * Its characters, read by index: charAt checks the string's coding and bounds each time, which
   * the reader's loops over every character of a long command pay for. Of a long text, the array of
   * an earlier reading ({@link #charsOf}): only the first {@link #n} are this text's.
   */
  private final char[] chars;

  /**
   * The array a long text's characters were last read into, free for the next ({@link #charsOf}): a
   * 64 KiB command's copy was an eighth of the bytes its decision allocated. Taken and given back
   * whole, so two readings at once never share it (the second copies its text as it is).
   */
  private static final AtomicReference<char[]> SPARE_CHARS = new AtomicReference<>();

  /** Texts shorter than this are copied as they are: a small array costs next to nothing. */
  private static final int MIN_SPARE_TEXT = 1024;

  /** The longest array kept for reuse (64 Ki characters): a longer text's is left to go. */
  private static final int MAX_SPARE_TEXT = 64 * 1024;

  /** Its length. */
  private final int n;

  /** The bounds shared with every nested reading. */
  private final Limits limits;

  /** Where this text sits, for messages: empty at the top, " in …" when nested. */
  private final String where;

  /** The next character to read. */
  private int pos;

  /** Here-documents whose bodies start after the next newline, in order. */
  private final List<RawRedirect> pending = new ArrayList<>();

  /** The last simple command read, for a pipe that follows it. */
  private RawCommand lastSimple;

  /** The simple command a pipe just read comes from, for the command after it; or null. */
  private RawCommand pipeFrom;

  /** Of the last word read: where its unquoted {@code $IFS}s sit in its text, from and to. */
  private final List<int[]> wordIfs = new ArrayList<>();

  /** Builders of finished words, emptied, for the next words that are not plain text. */
  private final ArrayDeque<StringBuilder> spareBuilders = new ArrayDeque<>(4);

  /** The largest builder kept for reuse: a huge quoted word's is left to the collector. */
  private static final int MAX_SPARE_BUILDER = 4096;

  /**
   * Word lists of finished commands, cleared, for the next commands' words ({@link #parseSimple}).
   */
  private final ArrayDeque<WordScratch> spareWordLists = new ArrayDeque<>(4);

  /** Where the words of the commands read are kept ({@link WordScratch.Room}). */
  private final WordScratch.Room wordRoom;

  /** Command lists of finished substitutions, cleared, for the next ({@link #readNest}). */
  private final ArrayDeque<List<RawCommand>> spareCommandLists = new ArrayDeque<>(4);

  /** Of the last word read: its one brace list {@code {a,b}}: the brace, commas, brace. */
  private final List<Integer> wordBraces = new ArrayList<>();

  /** Of the last word read: whether it is literal but for its {@code $IFS}s and brace list. */
  private boolean wordLiteralApart;

  /**
   * The words read so far, an open-addressed table by their text's hash: a long command says the
   * same words again and again (git, -n, test.log, "$f"), and each is made once, not once a time.
   */
  private Word[] words = new Word[64];

  private int wordCount;

  /** The hash of the text of the run {@link #plainRun} last found, as {@link String#hashCode}'s. */
  private int runHash;

  private ScriptReader(String s, Limits limits, String where) {
    this.s = s;
    this.chars = charsOf(s);
    this.n = s.length();
    // About a word per five characters: a short command's words in one array of their size.
    this.wordRoom = new WordScratch.Room(n / 5);
    this.limits = limits;
    this.where = where;
  }

  /** The characters of {@code text}: in the spare array when it is long and fits there. */
  private static char[] charsOf(String text) {
    int length = text.length();
    if (length >= MIN_SPARE_TEXT && length <= MAX_SPARE_TEXT) {
      char[] spare = SPARE_CHARS.getAndSet(null);
      if (spare != null && spare.length >= length) {
        text.getChars(0, length, spare, 0);
        return spare;
      }
      if (spare != null) {
        SPARE_CHARS.compareAndSet(null, spare);
      }
    }
    return text.toCharArray();
  }

  /**
   * Gives the characters' array for the next long text, once nothing reads it any more: kept when
   * the spare is gone or shorter (a nested reading's, while this one held the spare).
   */
  private void release() {
    if (chars.length < MIN_SPARE_TEXT || chars.length > MAX_SPARE_TEXT) {
      return;
    }
    for (; ; ) {
      char[] spare = SPARE_CHARS.get();
      if (spare != null && spare.length >= chars.length
          || SPARE_CHARS.compareAndSet(spare, chars)) {
        return;
      }
    }
  }

  /**
   * Reads {@code text} as a script at {@code depth}.
   *
   * @return its simple commands in order, substitutions in their holders' nests
   */
  static List<RawCommand> read(String text, int depth, Limits limits, String where)
      throws ShellParseException {
    limits.depth(depth, 0, "a nested script", where);
    ScriptReader reader = new ScriptReader(text, limits, where);
    // About a command a line or per 16 characters of a long one-liner (the benchmark's 64 KiB
    // command is one per 19): made once, where growing from fewer left three arrays behind.
    List<RawCommand> out = new ArrayList<>(Math.min(4096, 8 + text.length() / 16));
    try {
      reader.parseList(STOP_END, out, depth, 0);
    } finally {
      reader.release();
    }
    return out;
  }

  /**
   * Finds the substitutions of an unquoted here-document's body (it expands {@code $…} and {@code
   * `…`} as double quotes do) and adds their commands to {@code owner}.
   */
  static void readBodyExpansions(
      String body, RawCommand owner, int depth, Limits limits, String where)
      throws ShellParseException {
    ScriptReader reader = new ScriptReader(body, limits, where);
    try {
      reader.readExpansions(owner, depth);
    } finally {
      reader.release();
    }
  }

  /** Reads the substitutions of the whole text as a here-document's body. */
  private void readExpansions(RawCommand owner, int depth) throws ShellParseException {
    StringBuilder scratch = new StringBuilder();
    while (pos < n) {
      char c = chars[pos];
      if (c == '\\') {
        pos += 2;
      } else if (c == '$') {
        readDollar(scratch, owner, depth, true);
      } else if (c == '`') {
        readBacktick(scratch, owner, depth, false);
      } else {
        pos++;
      }
      scratch.setLength(0);
    }
  }

  // ---- lists and commands ----

  private void parseList(int stop, List<RawCommand> out, int depth, int openedAt)
      throws ShellParseException {
    for (; ; ) {
      skipBlanks();
      if (pos >= n) {
        if (stop == STOP_END) {
          if (!pending.isEmpty()) {
            RawRedirect first = pending.get(0);
            throw Limits.malformed(
                "a here-document with no line '" + first.delimiter + "' to end it",
                first.at,
                where);
          }
          return;
        }
        throw Limits.malformed(
            stop == STOP_PAREN ? "a ( with no ) to close it" : "a case with no esac",
            openedAt,
            where);
      }
      char c = chars[pos];
      switch (c) {
        case '\n' -> {
          pos++;
          pipeFrom = null;
          readHeredocs();
        }
        case '#' -> skipComment();
        case ';' -> {
          if (stop == STOP_CASE && (peek(1) == ';' || peek(1) == '&')) {
            return;
          }
          pipeFrom = null;
          pos++;
          if (peek(0) == ';' || peek(0) == '&') {
            pos++;
          }
        }
        case '&' -> {
          if (peek(1) == '>') {
            parseSimple(out, depth);
          } else {
            pipeFrom = null;
            pos++;
            if (peek(0) == '&') {
              pos++;
            }
          }
        }
        case '|' -> {
          pos++;
          pipeFrom = peek(0) == '|' ? null : lastSimple;
          if (peek(0) == '|' || peek(0) == '&') {
            pos++;
          }
        }
        case ')' -> {
          if (stop == STOP_PAREN) {
            pos++;
            return;
          }
          throw Limits.malformed("a ) with no ( before it", pos, where);
        }
        default -> {
          if (!parseCommand(stop, out, depth)) {
            return;
          }
        }
      }
    }
  }

  /** Reads one command at a command position; false when it met the {@code esac} that ends. */
  private boolean parseCommand(int stop, List<RawCommand> out, int depth)
      throws ShellParseException {
    int at = pos;
    if (chars[pos] == '(') {
      limits.depth(depth + 1, at, "a ( … )", where);
      if (peek(1) == '(' && arithmeticAhead(pos + 2)) {
        RawCommand holder = new RawCommand(depth);
        pos += 2;
        readArithmetic(holder, depth + 1, at);
        parseTrailingRedirects(holder, depth);
        out.add(holder);
        return true;
      }
      pos++;
      parseList(STOP_PAREN, out, depth + 1, at);
      addTrailingRedirects(out, depth);
      return true;
    }
    String keyword = peekKeyword();
    if (keyword == null) {
      parseSimple(out, depth);
      return true;
    }
    switch (keyword) {
      case "if", "then", "else", "elif", "do", "while", "until", "{", "!", "coproc" -> {
        pos += keyword.length();
        return true;
      }
      case "fi", "done", "}", "esac" -> {
        if (keyword.equals("esac") && stop == STOP_CASE) {
          return false;
        }
        pos += keyword.length();
        addTrailingRedirects(out, depth);
        return true;
      }
      case "time" -> {
        return parseTime(out, depth);
      }
      case "for", "select" -> {
        pos += keyword.length();
        parseFor(out, depth, at);
        return true;
      }
      case "case" -> {
        pos += keyword.length();
        parseCase(out, depth, at);
        return true;
      }
      case "function" -> {
        pos += keyword.length();
        skipBlanks();
        RawCommand holder = new RawCommand(depth);
        if (pos < n && !isMeta(chars[pos])) {
          readWord(holder, depth);
        }
        skipFunctionParens();
        out.add(holder);
        return true;
      }
      case "[[" -> {
        pos += 2;
        parseConditional(out, depth, at);
        return true;
      }
      default -> {
        // "in" outside for and case: an ordinary word.
        parseSimple(out, depth);
        return true;
      }
    }
  }

  /**
   * The {@code time} keyword: before a compound command it is stepped over; before a simple command
   * that command is marked timed (and {@code time} becomes its wrapper).
   */
  private boolean parseTime(List<RawCommand> out, int depth) throws ShellParseException {
    int start = pos;
    pos += 4;
    skipBlanks();
    if (s.startsWith("-p", pos) && (pos + 2 >= n || isMeta(chars[pos + 2]))) {
      pos += 2;
      skipBlanks();
    }
    if (pos >= n) {
      return true;
    }
    char c = chars[pos];
    String next = peekKeyword();
    if (c == '(' || (next != null && !next.equals("time") && !next.equals("in"))) {
      return true;
    }
    if (c == '-') {
      // GNU time's own options (time -f …): read it as the program /usr/bin/time.
      pos = start;
      parseSimple(out, depth);
      return true;
    }
    if (isMeta(c) && !isRedirectAt()) {
      return true;
    }
    RawCommand cmd = parseSimple(out, depth);
    cmd.timed = true;
    return true;
  }

  private RawCommand parseSimple(List<RawCommand> out, int depth) throws ShellParseException {
    RawCommand cmd = new RawCommand(depth);
    out.add(cmd);
    cmd.pipedFrom = pipeFrom;
    pipeFrom = null;
    lastSimple = cmd;
    // The words gather in a scratch list (a substitution inside takes another) and are fixed once
    // read: a run of the reader's room, where a list of its own would be grown and then copied.
    WordScratch scratch = spareWordLists.isEmpty() ? new WordScratch() : spareWordLists.pop();
    cmd.words = scratch;
    try {
      readSimple(cmd, depth);
    } finally {
      cmd.words = scratch.fixed(wordRoom);
      scratch.clear();
      spareWordLists.push(scratch);
    }
    return cmd;
  }

  /** Reads the words, assignments and redirections of the simple command {@code cmd}. */
  private void readSimple(RawCommand cmd, int depth) throws ShellParseException {
    for (; ; ) {
      skipBlanks();
      if (pos >= n) {
        return;
      }
      char c = chars[pos];
      if (c == '#') {
        skipComment();
        return;
      }
      if (c == '\n' || c == ';' || c == '|' || c == ')') {
        return;
      }
      if (c == '&' && peek(1) != '>') {
        return;
      }
      if (isRedirectAt()) {
        parseRedirect(cmd, depth);
        continue;
      }
      if (c == '(') {
        if (cmd.words.size() == 1 && cmd.redirects.isEmpty() && skipFunctionParens()) {
          // name () compound: a definition; its body follows as commands that may run.
          cmd.words.clear();
          return;
        }
        throw Limits.malformed("a ( inside a command", pos, where);
      }
      if (cmd.words.isEmpty() && assignmentEnd() > 0) {
        readAssignment(cmd, depth);
        continue;
      }
      // Asked of every word: the character first, as most words start no assignment.
      int valueAt = isNameStart(c) && isDeclaration(cmd) ? assignmentEnd() : -1;
      if (valueAt > 0 && valueAt < n && chars[valueAt] == '(') {
        // declare -a x=(1 2): an argument bash reads as an array assignment.
        int start = pos;
        readAssignment(cmd, depth);
        cmd.words.add(new Word(s.substring(start, pos), false));
        continue;
      }
      Word word = readWord(cmd, depth);
      fields(word, cmd.words);
    }
  }

  /**
   * The words bash makes of the word just read: a brace list {@code {rm,-rf,/}} expands into one
   * word per item, an unquoted {@code $IFS} (read as the default IFS) breaks it; otherwise the word
   * itself.
   */
  private void fields(Word word, List<Word> into) throws ShellParseException {
    String text = word.text();
    boolean braces = wordBraces.size() >= 3;
    if (!wordIfs.isEmpty() && !braces) {
      int from = 0;
      for (int[] ifs : wordIfs) {
        addField(text.substring(from, ifs[0]), into);
        from = ifs[1];
      }
      addField(text.substring(from), into);
      return;
    }
    if (braces && wordIfs.isEmpty()) {
      int open = wordBraces.get(0);
      int close = wordBraces.get(wordBraces.size() - 1);
      String prefix = text.substring(0, open);
      String suffix = text.substring(close + 1);
      for (int i = 0; i + 1 < wordBraces.size(); i++) {
        String item = text.substring(wordBraces.get(i) + 1, wordBraces.get(i + 1));
        addField(prefix + item + suffix, into);
      }
      return;
    }
    into.add(word);
  }

  private void addField(String text, List<Word> into) throws ShellParseException {
    if (!text.isEmpty()) {
      if (!into.isEmpty()) {
        limits.word(pos, where);
      }
      into.add(new Word(text, wordLiteralApart));
    }
  }

  /** After a function's name: {@code ( )} with blanks between; true if it was there. */
  private boolean skipFunctionParens() {
    int save = pos;
    skipBlanks();
    if (peek(0) == '(') {
      pos++;
      skipBlanks();
      if (peek(0) == ')') {
        pos++;
        return true;
      }
    }
    pos = save;
    return false;
  }

  /**
   * The redirections after a compound command ({@code done > log}), on a holder of their own: none
   * there, no holder (a holder of nothing adds no invocation, and a long command has many).
   */
  private void addTrailingRedirects(List<RawCommand> out, int depth) throws ShellParseException {
    skipBlanks();
    if (pos < n && isRedirectAt()) {
      RawCommand holder = new RawCommand(depth);
      parseTrailingRedirects(holder, depth);
      out.add(holder);
    }
  }

  private void parseTrailingRedirects(RawCommand holder, int depth) throws ShellParseException {
    for (; ; ) {
      skipBlanks();
      if (pos < n && isRedirectAt()) {
        parseRedirect(holder, depth);
      } else {
        return;
      }
    }
  }

  private void parseFor(List<RawCommand> out, int depth, int at) throws ShellParseException {
    skipBlanks();
    RawCommand holder = new RawCommand(depth);
    out.add(holder);
    if (s.startsWith("((", pos)) {
      limits.depth(depth + 1, pos, "a for (( … ))", where);
      pos += 2;
      readArithmetic(holder, depth + 1, at);
      return;
    }
    if (pos >= n || isMeta(chars[pos])) {
      throw Limits.malformed("a for with no name", at, where);
    }
    readWord(holder, depth);
    skipBlanksAndNewlines();
    if ("in".equals(peekKeyword())) {
      pos += 2;
      for (; ; ) {
        skipBlanks();
        if (pos >= n) {
          return;
        }
        char c = chars[pos];
        if (c == '#') {
          skipComment();
          return;
        }
        if (isMeta(c)) {
          return;
        }
        readWord(holder, depth);
      }
    }
  }

  private void parseCase(List<RawCommand> out, int depth, int at) throws ShellParseException {
    limits.depth(depth + 1, at, "a case … esac", where);
    RawCommand holder = new RawCommand(depth);
    out.add(holder);
    skipBlanks();
    if (pos >= n || isMeta(chars[pos])) {
      throw Limits.malformed("a case with no word", at, where);
    }
    readWord(holder, depth);
    skipBlanksAndNewlines();
    if (!"in".equals(peekKeyword())) {
      throw Limits.malformed("a case with no in", at, where);
    }
    pos += 2;
    for (; ; ) {
      skipBlanksAndNewlines();
      if (pos >= n) {
        throw Limits.malformed("a case with no esac", at, where);
      }
      if ("esac".equals(peekKeyword())) {
        pos += 4;
        parseTrailingRedirects(holder, depth);
        return;
      }
      if (chars[pos] == '(') {
        pos++;
      }
      for (; ; ) {
        skipBlanks();
        if (pos >= n) {
          throw Limits.malformed("a case pattern with no )", at, where);
        }
        if (!isMeta(chars[pos])) {
          readWord(holder, depth);
          skipBlanks();
        }
        char c = peek(0);
        if (c == '|') {
          pos++;
        } else if (c == ')') {
          pos++;
          break;
        } else {
          throw Limits.malformed("a case pattern with no )", pos, where);
        }
      }
      parseList(STOP_CASE, out, depth + 1, at);
      if (s.startsWith(";;&", pos)) {
        pos += 3;
      } else if (s.startsWith(";;", pos) || s.startsWith(";&", pos)) {
        pos += 2;
      }
    }
  }

  /** {@code [[ … ]]}: its words may hold substitutions; its operators are no redirections. */
  private void parseConditional(List<RawCommand> out, int depth, int at)
      throws ShellParseException {
    RawCommand holder = new RawCommand(depth);
    out.add(holder);
    for (; ; ) {
      skipBlanksAndNewlines();
      if (pos >= n) {
        throw Limits.malformed("a [[ with no ]]", at, where);
      }
      char c = chars[pos];
      if ("<>()!&|;".indexOf(c) >= 0) {
        pos++;
        continue;
      }
      int start = pos;
      Word w = readWord(holder, depth);
      if (pos - start == 2 && w.text().equals("]]")) {
        parseTrailingRedirects(holder, depth);
        return;
      }
    }
  }

  // ---- redirections and here-documents ----

  private boolean isRedirectAt() {
    int i = pos;
    while (i < n && isDigit(chars[i])) {
      i++;
    }
    if (i == pos && i < n && chars[i] == '{') {
      int j = i + 1;
      while (j < n && j - i < 64 && isNameChar(chars[j])) {
        j++;
      }
      if (j > i + 1 && j < n && chars[j] == '}') {
        i = j + 1;
      }
    }
    if (i >= n) {
      return false;
    }
    char c = chars[i];
    if (c == '&' && i == pos) {
      return i + 1 < n && chars[i + 1] == '>';
    }
    if (c != '<' && c != '>') {
      return false;
    }
    return !(i == pos && i + 1 < n && chars[i + 1] == '(');
  }

  /**
   * The redirection operator at the read position, the longest that is there: {@code &>>}, {@code
   * &>}, {@code <<<}, {@code <<-}, {@code <<}, {@code <>}, {@code <&}, {@code <}, {@code >>},
   * {@code >|}, {@code >&}, {@code >}; or null. Read by its characters, not tried one by one.
   */
  private String operatorAt() {
    char c = peek(0);
    char d = peek(1);
    return switch (c) {
      case '&' -> d != '>' ? null : peek(2) == '>' ? "&>>" : "&>";
      case '<' ->
          switch (d) {
            case '<' -> peek(2) == '<' ? "<<<" : peek(2) == '-' ? "<<-" : "<<";
            case '>' -> "<>";
            case '&' -> "<&";
            default -> "<";
          };
      case '>' ->
          switch (d) {
            case '>' -> ">>";
            case '|' -> ">|";
            case '&' -> ">&";
            default -> ">";
          };
      default -> null;
    };
  }

  private void parseRedirect(RawCommand cmd, int depth) throws ShellParseException {
    while (isDigit(chars[pos])) {
      pos++;
    }
    if (chars[pos] == '{') {
      pos = s.indexOf('}', pos) + 1;
    }
    int at = pos;
    String operator = operatorAt();
    if (operator == null) {
      throw Limits.malformed("a redirection with no operator", at, where);
    }
    pos += operator.length();
    skipBlanks();
    if (pos >= n || (isMeta(chars[pos]) && !isProcessSubstitutionAt())) {
      throw Limits.malformed("a redirection " + operator + " with no target", at, where);
    }
    int start = pos;
    Word target = readWord(cmd, depth);
    if (operator.equals("<<") || operator.equals("<<-")) {
      boolean quoted = false;
      for (int i = start; i < pos; i++) {
        char c = chars[i];
        if (c == '\'' || c == '"' || c == '\\') {
          quoted = true;
          break;
        }
      }
      RawRedirect r = new RawRedirect(operator, target, target.text(), quoted, cmd, at);
      cmd.addRedirect(r);
      pending.add(r);
    } else {
      RawRedirect r = new RawRedirect(operator, target, null, false, cmd, at);
      if (operator.equals("<<<")) {
        r.body = target.text();
      }
      cmd.addRedirect(r);
    }
  }

  /** Whether {@code $IFS} or {@code ${IFS}} is at the read position. */
  private boolean isIfsAt() {
    return s.startsWith("${IFS}", pos)
        || (s.startsWith("$IFS", pos) && (pos + 4 >= n || !isNameChar(chars[pos + 4])));
  }

  /** Whether the text from {@code from} to {@code to} is a shell name. */
  private boolean isName(int from, int to) {
    if (to <= from || !isNameStart(chars[from])) {
      return false;
    }
    for (int i = from + 1; i < to; i++) {
      if (!isNameChar(chars[i])) {
        return false;
      }
    }
    return true;
  }

  private boolean isProcessSubstitutionAt() {
    char c = peek(0);
    return (c == '<' || c == '>') && peek(1) == '(';
  }

  /** Right after a newline: the bodies of the here-documents its line opened, in order. */
  private void readHeredocs() throws ShellParseException {
    if (pending.isEmpty()) {
      return;
    }
    for (int p = 0; p < pending.size(); p++) { // indexed: no iterator a line
      RawRedirect r = pending.get(p);
      boolean strip = r.operator.equals("<<-");
      String delimiter = r.delimiter;
      // Without <<-'s tabs to take off, the body is the text's lines as they stand: one substring.
      StringBuilder body = strip ? new StringBuilder() : null;
      int bodyStart = pos;
      int bodyEnd;
      for (; ; ) {
        if (pos >= n) {
          throw Limits.malformed(
              "a here-document with no line '" + delimiter + "' to end it", r.at, where);
        }
        int eol = s.indexOf('\n', pos);
        if (eol < 0) {
          eol = n;
        }
        int start = pos;
        if (strip) {
          while (start < eol && chars[start] == '\t') {
            start++;
          }
        }
        bodyEnd = pos;
        pos = eol < n ? eol + 1 : n;
        if (eol - start == delimiter.length() && s.startsWith(delimiter, start)) {
          break;
        }
        if (strip) {
          body.append(s, start, eol).append('\n');
        }
      }
      // Each line before the delimiter's ended with a newline (a last one without is no body).
      r.body = strip ? body.toString() : s.substring(bodyStart, bodyEnd);
      if (!r.quoted) {
        readBodyExpansions(
            r.body, r.owner, r.owner.depth, limits, " in the here-document at " + r.at + where);
      }
    }
    pending.clear();
  }

  // ---- words ----

  private static boolean isDeclaration(RawCommand cmd) {
    if (cmd.words.isEmpty() || !cmd.words.get(0).literal()) {
      return false;
    }
    return switch (cmd.words.get(0).text()) {
      case "declare", "typeset", "local", "export", "readonly" -> true;
      default -> false;
    };
  }

  /** Where the value of the assignment at the read position starts, or -1 when none is there. */
  private int assignmentEnd() {
    int i = pos;
    if (i >= n || !isNameStart(chars[i])) {
      return -1;
    }
    while (i < n && isNameChar(chars[i])) {
      i++;
    }
    if (i < n && chars[i] == '[') {
      int close = i;
      while (close < n && chars[close] != ']' && !isMeta(chars[close])) {
        close++;
      }
      if (close >= n || chars[close] != ']') {
        return -1;
      }
      i = close + 1;
    }
    if (i < n && chars[i] == '+') {
      i++;
    }
    return i < n && chars[i] == '=' ? i + 1 : -1;
  }

  private void readAssignment(RawCommand cmd, int depth) throws ShellParseException {
    int at = pos;
    while (chars[pos] != '=') {
      pos++;
    }
    boolean plain = chars[pos - 1] != '+' && chars[pos - 1] != ']';
    String name = s.substring(at, chars[pos - 1] == '+' ? pos - 1 : pos);
    pos++;
    if (peek(0) == '(' || !plain) {
      cmd.addAssignment(new RawCommand.Assignment(name, null));
    }
    if (peek(0) == '(') {
      pos++;
      limits.word(at, where);
      for (; ; ) {
        skipBlanksAndNewlines();
        if (pos >= n) {
          throw Limits.malformed("an array assignment with no )", at, where);
        }
        char c = chars[pos];
        if (c == ')') {
          pos++;
          return;
        }
        if (c == '#') {
          skipComment();
          continue;
        }
        if (isMeta(c)) {
          throw Limits.malformed("an array assignment with no )", at, where);
        }
        readWord(cmd, depth);
      }
    }
    if (pos >= n || isMeta(chars[pos]) && !isProcessSubstitutionAt()) {
      limits.word(at, where);
      if (plain) {
        cmd.addAssignment(new RawCommand.Assignment(name, Word.literal("")));
      }
      return;
    }
    Word value = readWord(cmd, depth);
    if (plain) {
      cmd.addAssignment(new RawCommand.Assignment(name, value));
    }
  }

  /**
   * Reads one word: its value after quote removal, expansions kept as their source text and making
   * it non-literal. Substitutions in it are read and added to {@code holder}'s nests.
   */
  private Word readWord(RawCommand holder, int depth) throws ShellParseException {
    int start = pos;
    limits.word(start, where);
    wordIfs.clear();
    wordBraces.clear();
    // Most words are plain text: take them as they stand, with no copy character by character.
    int plain = plainRun(pos);
    if (plain > start && endsWord(plain)) {
      pos = plain;
      wordLiteralApart = true;
      return plainWord(start, plain);
    }
    // A builder of the reader's, not a new one a word; a substitution inside the word reads its
    // own words meanwhile, so each word in progress takes one from the spares and gives it back.
    StringBuilder sb = spareBuilders.isEmpty() ? new StringBuilder(64) : spareBuilders.pop();
    try {
      return readQuotedWord(sb.append(s, start, plain), holder, depth, start, plain);
    } finally {
      sb.setLength(0);
      if (sb.capacity() <= MAX_SPARE_BUILDER) {
        spareBuilders.push(sb);
      }
    }
  }

  /**
   * Reads the rest of the word begun at {@code start} that is not plain text from {@code plain} on,
   * into {@code sb}.
   */
  private Word readQuotedWord(StringBuilder sb, RawCommand holder, int depth, int start, int plain)
      throws ShellParseException {
    pos = plain;
    boolean literal = true;
    boolean bracket = false;
    boolean brace = false;
    boolean braceList = false;
    boolean braceClosed = false;
    // One simple list {a,b} can be expanded; a sequence {1..9}, nesting or a second list cannot.
    boolean braceSimple = true;
    // NAME=…: bash expands a tilde after its = and after each : (a=~/x, PATH=a:~/b).
    boolean sawEquals = false;
    boolean assignmentLike = false;
    loop:
    while (pos < n) {
      char c = chars[pos];
      switch (c) {
        case ' ', '\t', '\n', ';', '&', '|', '(', ')' -> {
          break loop;
        }
        case '<', '>' -> {
          if (peek(1) != '(') {
            break loop;
          }
          readProcessSubstitution(sb, holder, depth);
          literal = false;
        }
        case '\'' -> {
          int close = s.indexOf('\'', pos + 1);
          if (close < 0) {
            throw Limits.malformed("an unterminated single quote", pos, where);
          }
          sb.append(s, pos + 1, close);
          pos = close + 1;
        }
        case '"' -> literal &= readDouble(sb, holder, depth);
        case '\\' -> {
          if (pos + 1 >= n) {
            sb.append('\\');
            pos++;
          } else if (chars[pos + 1] == '\n') {
            pos += 2;
          } else {
            sb.append(chars[pos + 1]);
            pos += 2;
          }
        }
        case '$' -> {
          if (isIfsAt()) {
            int from = sb.length();
            readDollar(sb, holder, depth, false);
            wordIfs.add(new int[] {from, sb.length()});
          } else {
            literal &= readDollar(sb, holder, depth, false);
          }
        }
        case '`' -> {
          readBacktick(sb, holder, depth, false);
          literal = false;
        }
        case '*', '?' -> {
          literal = false;
          sb.append(c);
          pos++;
        }
        case '[' -> {
          bracket = true;
          sb.append(c);
          pos++;
        }
        case ']' -> {
          literal &= !bracket;
          sb.append(c);
          pos++;
        }
        case '{' -> {
          braceSimple &= !brace;
          brace = true;
          wordBraces.add(sb.length());
          sb.append(c);
          pos++;
        }
        case ',' -> {
          braceList |= brace && !braceClosed;
          if (brace && !braceClosed) {
            wordBraces.add(sb.length());
          }
          sb.append(c);
          pos++;
        }
        case '.' -> {
          if (brace && !braceClosed && pos > start && chars[pos - 1] == '.') {
            braceList = true;
            braceSimple = false;
          }
          sb.append(c);
          pos++;
        }
        case '}' -> {
          if (brace && !braceClosed && braceList) {
            braceClosed = true;
            wordBraces.add(sb.length());
          }
          sb.append(c);
          pos++;
        }
        case '~' -> {
          char before = pos == start ? 0 : chars[pos - 1];
          literal &= pos != start && !(assignmentLike && (before == '=' || before == ':'));
          sb.append(c);
          pos++;
        }
        case '=' -> {
          if (!sawEquals) {
            sawEquals = true;
            assignmentLike = isName(start, pos);
          }
          sb.append(c);
          pos++;
        }
        default -> {
          sb.append(c);
          pos++;
        }
      }
    }
    if (pos == start) {
      throw Limits.malformed("a word expected", pos, where);
    }
    wordLiteralApart = literal;
    if (!braceSimple || !braceClosed) {
      wordBraces.clear();
    }
    return quotedWord(sb, literal && !braceClosed && wordIfs.isEmpty());
  }

  /**
   * The longest quoted word looked up among those already made: longer ones are rarely said twice.
   */
  private static final int MAX_SHARED_QUOTED = 256;

  /**
   * The word of the text in {@code sb}, made once per text and literalness as {@link #plainWord}
   * makes plain ones: a long command says the same quoted words again and again ({@code "$f"},
   * {@code 2>&1}'s neighbours, {@code HEAD~1}), and each was a new string and word.
   */
  private Word quotedWord(StringBuilder sb, boolean literal) {
    int length = sb.length();
    if (length > MAX_SHARED_QUOTED) {
      return new Word(sb.toString(), literal);
    }
    int hash = 0;
    for (int i = 0; i < length; i++) {
      hash = 31 * hash + sb.charAt(i);
    }
    int mask = words.length - 1;
    int slot = (hash ^ (hash >>> 16)) & mask;
    for (Word seen = words[slot]; seen != null; seen = words[slot]) {
      if (seen.text().hashCode() == hash
          && seen.literal() == literal
          && seen.text().length() == length
          && seen.text().contentEquals(sb)) {
        return seen;
      }
      slot = (slot + 1) & mask;
    }
    return keep(slot, new Word(sb.toString(), literal));
  }

  /** The literal word of {@code s} from {@code start} to {@code end}, made once per text. */
  private Word plainWord(int start, int end) {
    int hash = runHash;
    int mask = words.length - 1;
    int slot = (hash ^ (hash >>> 16)) & mask;
    for (Word seen = words[slot]; seen != null; seen = words[slot]) {
      if (seen.text().hashCode() == hash
          && seen.literal()
          && seen.text().length() == end - start
          && s.startsWith(seen.text(), start)) {
        return seen;
      }
      slot = (slot + 1) & mask;
    }
    return keep(slot, Word.literal(s.substring(start, end)));
  }

  /** Puts {@code word} in the free {@code slot} of {@link #words}, and returns it. */
  private Word keep(int slot, Word word) {
    words[slot] = word;
    if (++wordCount * 2 > words.length) {
      rehashWords();
    }
    return word;
  }

  private void rehashWords() {
    Word[] old = words;
    words = new Word[old.length * 2];
    int mask = words.length - 1;
    for (Word word : old) {
      if (word != null) {
        int hash = word.text().hashCode();
        int slot = (hash ^ (hash >>> 16)) & mask;
        while (words[slot] != null) {
          slot = (slot + 1) & mask;
        }
        words[slot] = word;
      }
    }
  }

  /**
   * The end of the run from a word's start of characters that {@link #readWord} only appends there:
   * the run stops at {@code [} and <code>{</code>, so {@code ]}, {@code ,}, {@code .} and <code>}
   * </code> in it close no bracket or brace list.
   */
  private int plainRun(int from) {
    int i = from;
    int hash = 0;
    while (i < n) {
      char c = chars[i];
      if (c < SPECIAL.length && SPECIAL[c]) {
        break;
      }
      // String.hashCode's, so plainWord finds a word it made by its text's hash.
      hash = 31 * hash + c;
      i++;
    }
    runHash = hash;
    return i;
  }

  /**
   * The characters {@link #readWord} must look at, by code: blanks and operators, quotes, escapes,
   * expansions and the start of a glob, a brace list or an assignment. A table, not a switch: every
   * character of a long command is looked up here.
   */
  private static final boolean[] SPECIAL = new boolean[128];

  static {
    for (char c : " \t\n;&|()<>'\"\\$`*?[{~=".toCharArray()) {
      SPECIAL[c] = true;
    }
  }

  /** Whether a word ends at {@code i}: the text's end, a blank, an operator. */
  private boolean endsWord(int i) {
    if (i >= n) {
      return true;
    }
    return switch (chars[i]) {
      case ' ', '\t', '\n', ';', '&', '|', '(', ')' -> true;
      case '<', '>' -> i + 1 >= n || chars[i + 1] != '(';
      default -> false;
    };
  }

  /** At {@code "}: reads to the closing quote; false when it holds an expansion. */
  private boolean readDouble(StringBuilder sb, RawCommand holder, int depth)
      throws ShellParseException {
    int open = pos;
    pos++;
    boolean literal = true;
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated double quote", open, where);
      }
      char c = chars[pos];
      switch (c) {
        case '"' -> {
          pos++;
          return literal;
        }
        case '\\' -> {
          char d = peek(1);
          if (d == '\n') {
            pos += 2;
          } else if (d == '$' || d == '`' || d == '"' || d == '\\') {
            sb.append(d);
            pos += 2;
          } else {
            sb.append('\\');
            pos++;
          }
        }
        case '$' -> literal &= readDollar(sb, holder, depth, true);
        case '`' -> {
          readBacktick(sb, holder, depth, true);
          literal = false;
        }
        default -> {
          sb.append(c);
          pos++;
        }
      }
    }
  }

  /** At {@code $}: an expansion (false, its source kept) or a literal {@code $…} (true). */
  private boolean readDollar(StringBuilder sb, RawCommand holder, int depth, boolean inDouble)
      throws ShellParseException {
    int at = pos;
    char d = peek(1);
    if (d == '\'' && !inDouble) {
      pos += 2;
      readAnsiC(sb, at);
      return true;
    }
    if (d == '"' && !inDouble) {
      pos++;
      return readDouble(sb, holder, depth);
    }
    if (d == '(') {
      limits.depth(depth + 1, at, "a $( … )", where);
      if (peek(2) == '(' && arithmeticAhead(pos + 3)) {
        pos += 3;
        readArithmetic(holder, depth + 1, at);
      } else {
        pos += 2;
        readNest("$(…)", holder, depth, at);
      }
      sb.append(s, at, pos);
      return false;
    }
    if (d == '{') {
      limits.depth(depth + 1, at, "a ${ … }", where);
      pos += 2;
      readParameter(holder, depth + 1, at);
      sb.append(s, at, pos);
      return false;
    }
    if (d == '[') {
      limits.depth(depth + 1, at, "a $[ … ]", where);
      pos += 2;
      readOldArithmetic(holder, depth + 1, at);
      sb.append(s, at, pos);
      return false;
    }
    if (isNameStart(d)) {
      pos++;
      while (pos < n && isNameChar(chars[pos])) {
        pos++;
      }
      sb.append(s, at, pos);
      return false;
    }
    if (isDigit(d) || "@*#?-$!".indexOf(d) >= 0 && d != 0) {
      pos += 2;
      sb.append(s, at, pos);
      return false;
    }
    sb.append('$');
    pos++;
    return true;
  }

  /** After {@code ${}: to the matching brace, reading the substitutions within. */
  private void readParameter(RawCommand holder, int depth, int at) throws ShellParseException {
    StringBuilder scratch = new StringBuilder();
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated ${", at, where);
      }
      char c = chars[pos];
      if (c == '}') {
        pos++;
        return;
      }
      stepInside(c, scratch, holder, depth);
      scratch.setLength(0);
    }
  }

  /**
   * Steps over what starts at {@code pos} inside {@code ${…}} or {@code (( … ))}: an escape, a
   * single-quoted text, a double-quoted text or a substitution (whose commands are read, their text
   * going to {@code scratch}), or any other character.
   */
  private void stepInside(char c, StringBuilder scratch, RawCommand holder, int depth)
      throws ShellParseException {
    switch (c) {
      case '\\' -> pos = Math.min(n, pos + 2);
      case '\'' -> {
        int close = s.indexOf('\'', pos + 1);
        if (close < 0) {
          throw Limits.malformed("an unterminated single quote", pos, where);
        }
        pos = close + 1;
      }
      case '"' -> readDouble(scratch, holder, depth);
      case '$' -> readDollar(scratch, holder, depth, false);
      case '`' -> readBacktick(scratch, holder, depth, false);
      default -> pos++;
    }
  }

  /** Whether the parentheses from {@code from} close first with {@code ))}: arithmetic. */
  private boolean arithmeticAhead(int from) {
    int open = 0;
    for (int i = from; i < n; i++) {
      char c = chars[i];
      if (c == '(') {
        open++;
      } else if (c == ')') {
        if (open == 0) {
          return i + 1 < n && chars[i + 1] == ')';
        }
        open--;
      }
    }
    return false;
  }

  /** After {@code ((} or {@code $((}: to the closing {@code ))}; no command, but substitutions. */
  private void readArithmetic(RawCommand holder, int depth, int at) throws ShellParseException {
    StringBuilder scratch = new StringBuilder();
    int open = 0;
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated (( … ))", at, where);
      }
      char c = chars[pos];
      switch (c) {
        case '(' -> {
          open++;
          pos++;
        }
        case ')' -> {
          if (open == 0) {
            if (peek(1) != ')') {
              throw Limits.malformed("an unterminated (( … ))", at, where);
            }
            pos += 2;
            return;
          }
          open--;
          pos++;
        }
        default -> stepInside(c, scratch, holder, depth);
      }
      scratch.setLength(0);
    }
  }

  /** After {@code $[}: the old arithmetic, to its {@code ]}. */
  private void readOldArithmetic(RawCommand holder, int depth, int at) throws ShellParseException {
    StringBuilder scratch = new StringBuilder();
    int open = 0;
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated $[ … ]", at, where);
      }
      char c = chars[pos];
      if (c == '[') {
        open++;
        pos++;
      } else if (c == ']') {
        pos++;
        if (open-- == 0) {
          return;
        }
      } else if (c == '$') {
        readDollar(scratch, holder, depth, false);
      } else if (c == '`') {
        readBacktick(scratch, holder, depth, false);
      } else {
        pos++;
      }
      scratch.setLength(0);
    }
  }

  /**
   * The commands of a substitution to its {@code )}, added to {@code holder} reached by {@code
   * via}. They gather in a list of the reader's and are then fixed at their number: most
   * substitutions are one command ({@code $(date)}), and a long command has hundreds.
   */
  private void readNest(String via, RawCommand holder, int depth, int at)
      throws ShellParseException {
    List<RawCommand> inner =
        spareCommandLists.isEmpty() ? new ArrayList<>() : spareCommandLists.pop();
    try {
      parseList(STOP_PAREN, inner, depth + 1, at);
      holder.addNest(new Nest(via, List.copyOf(inner)));
    } finally {
      inner.clear();
      spareCommandLists.push(inner);
    }
  }

  /** At {@code <(} or {@code >(}: a process substitution, a command list to its {@code )}. */
  private void readProcessSubstitution(StringBuilder sb, RawCommand holder, int depth)
      throws ShellParseException {
    int at = pos;
    String via = chars[pos] + "(…)";
    limits.depth(depth + 1, at, "a " + chars[pos] + "( … )", where);
    pos += 2;
    readNest(via, holder, depth, at);
    sb.append(s, at, pos);
  }

  /** At a backquote: its text, unescaped as bash does, read as a script of its own. */
  private void readBacktick(StringBuilder sb, RawCommand holder, int depth, boolean inDouble)
      throws ShellParseException {
    int at = pos;
    limits.depth(depth + 1, at, "a `…`", where);
    pos++;
    StringBuilder inner = new StringBuilder();
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated backquote", at, where);
      }
      char c = chars[pos];
      if (c == '`') {
        pos++;
        break;
      }
      if (c == '\\' && pos + 1 < n) {
        char d = chars[pos + 1];
        if (d == '`' || d == '$' || d == '\\' || (inDouble && d == '"')) {
          inner.append(d);
        } else if (d != '\n') {
          inner.append(c).append(d);
        }
        pos += 2;
        continue;
      }
      inner.append(c);
      pos++;
    }
    sb.append(s, at, pos);
    List<RawCommand> commands =
        read(inner.toString(), depth + 1, limits, " in the `…` at " + at + where);
    holder.addNest(new Nest("`…`", commands));
  }

  /** After {@code $'}: the ANSI-C string, its escapes decoded as bash does. */
  private void readAnsiC(StringBuilder sb, int at) throws ShellParseException {
    boolean cut = false;
    for (; ; ) {
      if (pos >= n) {
        throw Limits.malformed("an unterminated $'", at, where);
      }
      char c = chars[pos];
      if (c == '\'') {
        pos++;
        return;
      }
      if (c != '\\' || pos + 1 >= n) {
        if (!cut) {
          sb.append(c);
        }
        pos++;
        continue;
      }
      char d = chars[pos + 1];
      pos += 2;
      int value;
      switch (d) {
        case 'a' -> value = 7;
        case 'b' -> value = 8;
        case 'e', 'E' -> value = 27;
        case 'f' -> value = 12;
        case 'n' -> value = 10;
        case 'r' -> value = 13;
        case 't' -> value = 9;
        case 'v' -> value = 11;
        case '\\', '\'', '"', '?' -> value = d;
        case 'x' -> value = readDigits(16, 2, -1);
        case 'u' -> value = readDigits(16, 4, -1);
        case 'U' -> value = readDigits(16, 8, -1);
        case 'c' -> {
          if (pos < n) {
            value = chars[pos] & 0x1f;
            pos++;
          } else {
            value = -2;
          }
        }
        default -> {
          if (d >= '0' && d <= '7') {
            value = readDigits(8, 2, d - '0') & 0xff;
          } else {
            value = -2;
          }
        }
      }
      if (cut) {
        continue;
      }
      if (value == -1) {
        sb.append('\\').append(d);
      } else if (value == -2) {
        sb.append('\\').append(d);
      } else if (value == 0) {
        cut = true;
      } else if (Character.isValidCodePoint(value)) {
        sb.appendCodePoint(value);
      }
    }
  }

  /**
   * {@code text} with its backslash escapes decoded as in {@code $'…'} (and so, nearly, as {@code
   * printf} and {@code echo -e} decode them).
   *
   * @param text the text
   * @return the decoded text; an escape it does not know kept as written
   */
  static String decodeEscapes(String text) {
    ScriptReader reader = new ScriptReader(text.replace("'", "\\'") + "'", null, "");
    StringBuilder sb = new StringBuilder(text.length());
    try {
      reader.readAnsiC(sb, 0);
    } catch (ShellParseException e) {
      return text; // cannot happen: the text ends with the quote that ends it
    } finally {
      reader.release();
    }
    return sb.toString();
  }

  /** Up to {@code max} digits in {@code radix}; -1 when there is none and no {@code first}. */
  private int readDigits(int radix, int max, int first) {
    int value = Math.max(first, 0);
    int count = 0;
    while (count < max && pos < n && Character.digit(chars[pos], radix) >= 0) {
      value = value * radix + Character.digit(chars[pos], radix);
      pos++;
      count++;
    }
    return count == 0 && first < 0 ? -1 : value;
  }

  // ---- characters ----

  /** The words bash reads as keywords at a command's position, by their length. */
  private static final String[][] KEYWORDS =
      byLength(
          "if",
          "then",
          "else",
          "elif",
          "fi",
          "do",
          "done",
          "while",
          "until",
          "for",
          "select",
          "case",
          "esac",
          "function",
          "{",
          "}",
          "!",
          "[[",
          "time",
          "coproc",
          "in");

  private static String[][] byLength(String... keywords) {
    String[][] table = new String[10][0];
    for (String keyword : keywords) {
      String[] same = Arrays.copyOf(table[keyword.length()], table[keyword.length()].length + 1);
      same[same.length - 1] = keyword;
      table[keyword.length()] = same;
    }
    return table;
  }

  /** Whether a keyword starts with the character, by code: most words are ruled out by it. */
  private static final boolean[] KEYWORD_START = new boolean[128];

  /** The characters that end a keyword's run: {@link #isMeta}'s, quotes, escapes, expansions. */
  private static final boolean[] KEYWORD_STOP = new boolean[128];

  static {
    for (String[] same : KEYWORDS) {
      for (String keyword : same) {
        KEYWORD_START[keyword.charAt(0)] = true;
      }
    }
    for (char c = 0; c < KEYWORD_STOP.length; c++) {
      KEYWORD_STOP[c] = isMeta(c) || "'\"\\$`".indexOf(c) >= 0;
    }
  }

  /** The keyword at a command position, unquoted and ended by a blank or operator, or null. */
  private String peekKeyword() {
    // Asked at every command: a table look at the first character rules most programs out, and
    // the run is compared in place (a substring per command would be garbage for every program).
    if (pos >= n) {
      return null;
    }
    char first = chars[pos];
    if (first >= KEYWORD_START.length || !KEYWORD_START[first]) {
      return null;
    }
    int i = pos + 1;
    int limit = Math.min(n, pos + 9);
    while (i < limit) {
      char c = chars[i];
      if (c < KEYWORD_STOP.length && KEYWORD_STOP[c]) {
        break;
      }
      i++;
    }
    if (i < n && !isMeta(chars[i])) {
      return null;
    }
    candidates:
    for (String keyword : KEYWORDS[i - pos]) {
      for (int k = 0; k < keyword.length(); k++) {
        if (chars[pos + k] != keyword.charAt(k)) {
          continue candidates;
        }
      }
      return keyword;
    }
    return null;
  }

  private void skipBlanks() {
    while (pos < n) {
      char c = chars[pos];
      if (c == ' ' || c == '\t') {
        pos++;
      } else if (c == '\\' && peek(1) == '\n') {
        pos += 2;
      } else {
        return;
      }
    }
  }

  private void skipBlanksAndNewlines() throws ShellParseException {
    for (; ; ) {
      skipBlanks();
      if (peek(0) == '\n') {
        pos++;
        readHeredocs();
      } else if (peek(0) == '#') {
        skipComment();
      } else {
        return;
      }
    }
  }

  private void skipComment() {
    while (pos < n && chars[pos] != '\n') {
      pos++;
    }
  }

  private char peek(int ahead) {
    int i = pos + ahead;
    return i < n ? chars[i] : 0;
  }

  private static boolean isMeta(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '('
        || c == ')' || c == '<' || c == '>';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  static boolean isNameChar(char c) {
    return isNameStart(c) || isDigit(c);
  }
}
