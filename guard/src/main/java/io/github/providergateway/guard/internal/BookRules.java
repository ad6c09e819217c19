package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.RuleSpec.When;
import io.github.providergateway.guard.internal.Where.Read;
import io.github.providergateway.guard.shell.Opaque;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The rules of some of the book's families that match by when clauses ({@link When}): for each
 * program of the call, each clause in its order (the book's, unless a clause gives its own); a
 * clause met is a match of its rule. The families listed are scanned together, in the place of the
 * catalogue where their code was, so that the rules are found in the order they were.
 */
final class BookRules implements Family {
  /**
   * A clause of a rule.
   *
   * @param rule the rule
   * @param when the clause
   * @param options whether it asks of the options or positionals after the subcommand
   * @param beginnings the beginnings of the program names it gives as {@code mkfs.*}, and the empty
   *     string for {@code *}
   * @param anyProgram whether it is about every program ({@code *})
   */
  private record Clause(
      BuiltinRule rule,
      When when,
      boolean options,
      List<String> beginnings,
      boolean anyProgram,
      Where.Predicate test,
      Where.Paths paths) {
    Clause(BuiltinRule rule, When when) {
      this(
          rule,
          when,
          readsOptions(when),
          BookRules.beginnings(when.programs()),
          when.programs().contains("*"),
          when.where() == null || when.call() || Where.findsPaths(when.where())
              ? null
              : Where.named(when.where()),
          when.where() != null && Where.findsPaths(when.where())
              ? Where.ofPaths(when.where())
              : null);
    }

    /** Whether the clause is about a program of this name, where it is not named whole. */
    boolean begins(String program) {
      if (anyProgram) {
        return true;
      }
      for (int i = 0; i < beginnings.size(); i++) {
        if (program.startsWith(beginnings.get(i))) {
          return true;
        }
      }
      return false;
    }
  }

  /** The beginnings of names a clause gives as {@code mkfs.*}; the empty string for {@code *}. */
  private static List<String> beginnings(List<String> programs) {
    List<String> beginnings = new ArrayList<>();
    for (String name : programs) {
      if (name.endsWith("*")) {
        beginnings.add(name.substring(0, name.length() - 1));
      }
    }
    return List.copyOf(beginnings);
  }

  /** No clause. */
  private static final int[] NONE = new int[0];

  /**
   * The clauses that name a program, by its name, each as its place in {@link #clauses}: a program
   * is tried only by its own and the {@link #open} ones, in their order.
   */
  private final java.util.Map<String, int[]> byProgram = new java.util.HashMap<>();

  /** The clauses for any program ({@code *}) or names it begins ({@code mkfs.*}), by place. */
  private int[] open = NONE;

  /** The same of the clauses tried late ({@code "late": true}): after every program was tried. */
  private final java.util.Map<String, int[]> lateByProgram = new java.util.HashMap<>();

  private int[] lateOpen = NONE;

  private final List<BuiltinRule> rules = new ArrayList<>();

  /** Every clause, in the order they are tried: by their order, then the book's. */
  private final List<Clause> clauses = new ArrayList<>();

  /**
   * A clause over files ({@link RuleSpec.Files}) of a rule.
   *
   * @param rule the rule
   * @param when the clause
   * @param places where the files it is about lie
   */
  private record FileClause(BuiltinRule rule, When when, FilePlaces places) {}

  /** Every clause over files, in the order they are tried for each file the call accesses. */
  private final List<FileClause> fileClauses = new ArrayList<>();

  /** The clauses over files read together when the group has secret clauses, else {@code null}. */
  private final SecretAccesses secrets;

  /** Whether a clause is asked of the whole call, and whether one of what was not read. */
  private boolean onCall;

  private boolean onUnread;

  /** Whether a family's code tries these clauses in its own loop ({@link #triedInALoop}). */
  private boolean inALoop;

  /**
   * The rules with when clauses of the families and rules named.
   *
   * @param specs the book
   * @param names the families' names ({@code git}) and rules' ids ({@code publish.maven})
   */
  BookRules(List<RuleSpec> specs, String... names) {
    this(
        specs,
        spec ->
            List.of(names).contains(spec.rule().category())
                || List.of(names).contains(spec.rule().id()));
  }

  /**
   * The rules with when clauses of the rules named, tried by a family's code at their place in its
   * loop over the programs ({@link #scan(Scan, Step)}: {@link HostingRules}, {@link FileRules}),
   * where what they find decides what the code does next; never scanned on their own, so that they
   * are found exactly where they were.
   *
   * @param specs the book
   * @param names the rules' ids
   * @return their clauses
   */
  static BookRules triedInALoop(List<RuleSpec> specs, String... names) {
    BookRules rules = new BookRules(specs, names);
    if (rules.lateOpen.length > 0 || !rules.lateByProgram.isEmpty()) {
      throw new IllegalStateException("a clause tried in a family's loop is not late: " + names[0]);
    }
    rules.inALoop = true;
    return rules;
  }

  /**
   * The rules with when clauses that none of {@code others} finds: a rule added to the book is
   * found with no change to the catalogue, after the families' code.
   *
   * @param specs the book
   * @param others the rules found elsewhere
   * @return their scan
   */
  static BookRules except(List<RuleSpec> specs, Family... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (Family other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(specs, spec -> !found.contains(spec.rule()));
  }

  /**
   * The rules with when clauses of a family that none of {@code others} finds.
   *
   * @param specs the book
   * @param family the family's name ({@code secrets})
   * @param others the rules of the family found elsewhere
   * @return their scan
   */
  static BookRules family(List<RuleSpec> specs, String family, BookRules... others) {
    java.util.Set<BuiltinRule> found = new java.util.HashSet<>();
    for (BookRules other : others) {
      found.addAll(other.rules());
    }
    return new BookRules(
        specs, spec -> spec.rule().category().equals(family) && !found.contains(spec.rule()));
  }

  private BookRules(List<RuleSpec> specs, java.util.function.Predicate<RuleSpec> meant) {
    List<Map.Entry<BuiltinRule, When>> fileWhens = new ArrayList<>();
    boolean hasSecrets = false;
    for (RuleSpec spec : specs) {
      if (meant.test(spec) && !spec.matches().when().isEmpty()) {
        rules.add(spec.rule());
        for (When when : spec.matches().when()) {
          if (when.where() != null && !Where.names().contains(when.where())) {
            // Refused where the rules are first gathered, with the catalogue's other checks.
            throw new IllegalStateException(
                spec.rule().id() + ": no predicate is named '" + when.where() + "'");
          }
          if (when.where() != null && Where.onCall(when.where()) != when.call()) {
            throw new IllegalStateException(
                spec.rule().id()
                    + ": '"
                    + when.where()
                    + "' is a predicate of "
                    + (when.call() ? "a program, not the call" : "the call, not a program"));
          }
          if (!when.unread().isEmpty() && when.where() != null && Where.findsPaths(when.where())) {
            throw new IllegalStateException(
                spec.rule().id() + ": '" + when.where() + "' finds paths, not what was not read");
          }
          if (when.files() != null) {
            fileWhens.add(Map.entry(spec.rule(), when));
            hasSecrets |= when.files().kind().equals("secret");
            continue;
          }
          onCall |= when.call();
          onUnread |= !when.unread().isEmpty();
          clauses.add(new Clause(spec.rule(), when));
        }
      }
    }
    clauses.sort(Comparator.comparingInt(clause -> clause.when().order())); // stable
    open = index(false, byProgram);
    lateOpen = index(true, lateByProgram);
    fileWhens.sort(Comparator.comparingInt(clause -> clause.getValue().order()));
    if (hasSecrets) {
      // Secret clauses and the group's other clauses over files claim a file written together.
      secrets = new SecretAccesses(fileWhens);
    } else {
      secrets = null;
      for (Map.Entry<BuiltinRule, When> clause : fileWhens) {
        When when = clause.getValue();
        fileClauses.add(new FileClause(clause.getKey(), when, FilePlaces.of(when.files())));
      }
    }
  }

  /**
   * Indexes the clauses, late or not, by the programs they name.
   *
   * @param late whether the late ones
   * @param byName filled with the clauses that name a program whole, by its name
   * @return the clauses for any program or a name's beginning
   */
  private int[] index(boolean late, java.util.Map<String, int[]> byName) {
    java.util.Map<String, List<Integer>> named = new java.util.HashMap<>();
    List<Integer> anyName = new ArrayList<>();
    for (int i = 0; i < clauses.size(); i++) {
      if (clauses.get(i).when().late() != late) {
        continue;
      }
      if (!clauses.get(i).beginnings().isEmpty()) {
        anyName.add(i); // tried on every program, and named whole there too
      } else {
        for (String program : clauses.get(i).when().programs()) {
          named.computeIfAbsent(program, name -> new ArrayList<>()).add(i);
        }
      }
    }
    named.forEach(
        (program, places) ->
            byName.put(program, places.stream().mapToInt(Integer::intValue).toArray()));
    return anyName.stream().mapToInt(Integer::intValue).toArray();
  }

  @Override
  public String code() {
    return null; // the book's own
  }

  @Override
  public List<BuiltinRule> rules() {
    return rules;
  }

  /**
   * Finds the rules: the clauses on the whole call first, then each program's, then each place the
   * parse could not read.
   */
  @Override
  public void scan(Scan scan) {
    if (inALoop) {
      return; // tried by the family's code, program by program
    }
    for (int i = 0; onCall && i < clauses.size(); i++) {
      Clause clause = clauses.get(i);
      String found = clause.when().call() ? Where.ofCall(clause.when().where()).found(scan) : null;
      if (found != null) {
        scan.hit(clause.rule(), found);
      }
    }
    for (Step step : scan.steps()) {
      scan(scan, step, byProgram, open);
    }
    for (int i = 0;
        (lateOpen.length > 0 || !lateByProgram.isEmpty()) && i < scan.steps().size();
        i++) {
      scan(scan, scan.steps().get(i), lateByProgram, lateOpen);
    }
    if (onUnread) {
      scanUnread(scan);
    }
    scanFiles(scan);
  }

  /** The clauses over files: each file the call accesses, tried by each clause in its order. */
  private void scanFiles(Scan scan) {
    if (secrets != null) {
      secrets.scan(scan);
      return;
    }
    if (fileClauses.isEmpty()) {
      return;
    }
    List<Access> accesses = scan.accesses();
    for (int i = 0; i < accesses.size(); i++) { // indexed: a long command accesses hundreds
      Access access = accesses.get(i);
      for (int k = 0; k < fileClauses.size(); k++) {
        FileClause clause = fileClauses.get(k);
        if (meets(access, clause.when()) && clause.places().holds(scan, access)) {
          scan.hit(clause.rule(), access);
        }
      }
    }
  }

  /** Whether a file access is of the kind a clause is about, by one of its programs. */
  static boolean meets(Access access, When when) {
    boolean kind =
        switch (when.files().kind()) {
          case "reads" -> access.kind() == Access.Kind.READ;
          case "writes" -> access.kind() == Access.Kind.WRITE;
          case "deletes" -> access.kind() == Access.Kind.DELETE;
          default -> access.changes();
        };
    return kind
        && (when.files().metadata() || !access.metadataOnly())
        && (when.programs().contains("*")
            || access.invocation() != null
                && when.programs().contains(access.invocation().program()));
  }

  /**
   * Tries the clauses on one program: for a family's code that reads the command a program at a
   * time and finds these rules at their place in its loop ({@link HostingRules}).
   *
   * @param scan the call
   * @param step the program
   * @return whether a clause held
   */
  boolean scan(Scan scan, Step step) {
    return scan(scan, step, byProgram, open);
  }

  private boolean scan(Scan scan, Step step, java.util.Map<String, int[]> byName, int[] open) {
    StepWords words = new StepWords(); // read once a step, at the first clause that asks
    boolean met = false;
    int[] own = byName.getOrDefault(step.program(), NONE);
    for (int a = 0, b = 0; a < own.length || b < open.length; ) {
      boolean fromOwn = b >= open.length || a < own.length && own[a] < open[b];
      Clause clause = clauses.get(fromOwn ? own[a++] : open[b++]);
      When when = clause.when();
      if (!fromOwn && !clause.begins(step.program()) && !when.programs().contains(step.program())) {
        continue;
      }
      Read read = read(scan, step, words, clause);
      if (read == null) {
        continue;
      }
      if (clause.paths() != null) {
        for (Target target : clause.paths().found(scan, step, read)) {
          scan.hit(clause.rule(), step, target); // each path found, as the reason shows it
          met = true;
        }
      } else if (clause.test() == null || clause.test().test(scan, step, read)) {
        scan.hit(clause.rule(), step, null); // a rule met twice in a program is one hit
        met = true;
      }
    }
    return met;
  }

  /**
   * The clauses on what the parse could not read ({@code "unread"}): each place, read as the
   * program it runs there, in the call's folder.
   */
  private void scanUnread(Scan scan) {
    List<Opaque> found = scan.opaque();
    for (int i = 0; i < found.size(); i++) {
      Opaque opaque = found.get(i);
      Step step =
          new Step(
              opaque.invocation(),
              List.of(scan.call().cwd() == null ? null : scan.call().cwd().normalize()));
      String kind = opaque.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
      for (Clause clause : clauses) {
        When when = clause.when();
        if (when.unread().contains(kind)
            && (clause.test() == null
                || clause
                    .test()
                    .test(scan, step, new Read("", step.args(), () -> argv(step.args(), when))))) {
          scan.hit(clause.rule(), step, null);
        }
      }
    }
  }

  /**
   * A program of the clause's as the clause reads it, where every part it gives but its {@code
   * where} holds.
   *
   * @return the reading, or {@code null} where a part does not hold
   */
  private static Read read(Scan scan, Step step, StepWords words, Clause clause) {
    When when = clause.when();
    String subcommand = "";
    boolean ended = false;
    List<Word> args = step.args();
    if (!when.subcommands().isEmpty()) {
      if (step.program().equals("git")) {
        if (words.git == null) {
          words.git = GitCommand.of(args);
        }
        subcommand = words.git.subcommand();
        args = words.git.args();
      } else {
        List<Word> pos = words.positionals(args, when);
        subcommand = pos.isEmpty() ? "" : pos.get(0).text();
        int at = pos.isEmpty() ? args.size() : args.indexOf(pos.get(0));
        // After a -- before the subcommand, what follows it is no option either (docker -- run …).
        ended = args.subList(0, at).contains(END_OF_OPTIONS);
        args = pos.isEmpty() ? List.of() : args.subList(at + 1, args.size());
      }
      if (!when.subcommands().contains(subcommand)) {
        return null;
      }
    }
    if (!when.next().isEmpty() && (args.isEmpty() || !when.next().contains(args.get(0).text()))) {
      return null;
    }
    if (!when.words().isEmpty() && !hasWord(step, when.words()) || hasWord(step, when.noWords())) {
      return null;
    }
    List<Word> after = ended ? endOfOptions(args) : args;
    Read read = new Read(subcommand, args, () -> argv(after, when));
    if (clause.options()) {
      Argv argv = read.argv();
      Argv options = when.anywhere() ? argv(step.args(), when) : argv;
      if (!when.then().isEmpty() && !when.then().contains(Argv.textAt(argv.positionals(), 0))
          || !when.any().isEmpty() && !hasAny(options, when.any())
          || !when.also().isEmpty() && !hasAny(options, when.also())
          || hasAny(options, when.none())
          || argv.positionals().size() < when.positionals()) {
        return null;
      }
    }
    return read;
  }

  /**
   * What one program's words read as, kept across the clauses tried on it: a long command's
   * programs are each tried by dozens of clauses, most of which read the same positionals.
   */
  private static final class StepWords {
    private GitCommand git;

    /** The positionals by the options read as taking a value: clauses name a few such sets. */
    private final java.util.Map<List<String>, List<Word>> positionals = new java.util.HashMap<>(4);

    /** The positionals of {@code args} read with the options {@code when} says take a value. */
    List<Word> positionals(List<Word> args, When when) {
      return positionals.computeIfAbsent(when.values(), values -> argv(args, when).positionals());
    }
  }

  /** Whether a clause asks of the options or positionals after the subcommand. */
  private static boolean readsOptions(When when) {
    return !when.then().isEmpty()
        || !when.any().isEmpty()
        || !when.also().isEmpty()
        || !when.none().isEmpty()
        || when.positionals() > 0;
  }

  /** The word that ends a program's options. */
  private static final Word END_OF_OPTIONS = new Word("--", true);

  /** Words to read as positionals all: a {@code --} before them. */
  private static List<Word> endOfOptions(List<Word> words) {
    List<Word> ended = new ArrayList<>(words.size() + 1);
    ended.add(END_OF_OPTIONS);
    ended.addAll(words);
    return ended;
  }

  /** The words read with the clause's options that take a value: one letter for a short one. */
  private static Argv argv(List<Word> args, When when) {
    StringBuilder shortOnes = new StringBuilder();
    List<String> longOnes = new ArrayList<>();
    for (String option : when.values()) {
      if (option.length() == 1) {
        shortOnes.append(option);
      } else {
        longOnes.add(option);
      }
    }
    return Argv.of(args, shortOnes.toString(), longOnes.toArray(String[]::new));
  }

  /** Whether one of {@code words} is among the program's arguments, wherever it stands. */
  private static boolean hasWord(Step step, List<String> words) {
    if (words.isEmpty()) {
      return false; // most clauses name no word: their programs' words are not walked
    }
    for (Word word : step.args()) {
      if (words.contains(word.text())) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasAny(Argv argv, List<String> options) {
    for (String option : options) {
      if (option.length() == 1 ? argv.has(option.charAt(0)) : argv.has(option)) {
        return true;
      }
    }
    return false;
  }
}
