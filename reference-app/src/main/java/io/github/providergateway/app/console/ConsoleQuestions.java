package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.AskOutcome;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.PersonQuestion;
import io.github.providergateway.protocol.ShownText;
import io.github.providergateway.protocol.VisibleText;
import java.io.IOException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The console as a channel for gates' questions to the person (extension {@code gate.ask},
 * architecture decision 35): each question is printed with its gate, the call it is about and the
 * question, numbered; the person answers {@code y} or {@code n}. Between commands that is a line at
 * the prompt ({@code y}, {@code n 2}); while a command waits for the gateway (a {@code call} whose
 * gate asks) a single key, read by {@link #await}, so a call that waits for its own question can be
 * answered. The first answer anywhere wins; the console says how each question ended.
 *
 * <p>Thread-safe: the gateway loop asks and ends questions, the reader thread answers them.
 */
final class ConsoleQuestions implements AskChannel {

  /** What the audit trail and the other channels call this one. */
  static final String NAME = "console";

  /** How often the reader looks for a key while a command waits and a question is open. */
  private static final Duration KEY_POLL = Duration.ofMillis(100);

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

  /**
   * Arguments up to this long are printed on one line; longer ones pretty, on lines of their own.
   */
  private static final int ONE_LINE_ARGS_CHARS = 100;

  private final ConsoleOut out;
  private final HostApi gateway;

  /** Open questions by number, oldest first. Guarded by this. */
  private final Map<Integer, PersonQuestion> open = new LinkedHashMap<>();

  /** The number of each open question, by ask id. Guarded by this. */
  private final Map<String, Integer> numbers = new LinkedHashMap<>();

  /** The number the next question gets. Guarded by this. */
  private int next = 1;

  ConsoleQuestions(ConsoleOut out, HostApi gateway) {
    this.out = out;
    this.gateway = gateway;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void ask(PersonQuestion question) {
    int number;
    synchronized (this) {
      number = next++;
      open.put(number, question);
      numbers.put(question.askId(), number);
      notifyAll();
    }
    List<String> lines = new ArrayList<>();
    lines.add(
        "? ["
            + number
            + "] "
            + asker(question)
            + " asks before "
            + VisibleText.escape(question.tool())
            + " runs (session "
            + VisibleText.escape(question.sessionId())
            + "):");
    lines.add("    " + VisibleText.escape(question.question()));
    lines.addAll(arguments(question.args()));
    lines.add(
        "    answer y or n"
            + (number == 1 && open.size() == 1 ? "" : " (y " + number + ", n " + number + ")")
            + "; nobody answering by "
            + TIME.format(question.deadline())
            + " denies the call");
    // One block: a timeline line printed meanwhile cannot come between a question and its
    // arguments.
    out.say(String.join(System.lineSeparator(), lines));
  }

  /**
   * Who asks, {@code provider 'ci', gate 'confirm',}: the provider first, since its name keeps to
   * the name grammar and a gate's id is free text, which could be made to read as another name.
   */
  static String asker(PersonQuestion question) {
    return "provider '"
        + VisibleText.escape(question.provider())
        + "'"
        + (question.gateId() == null
            ? ""
            : ", gate '" + VisibleText.escape(question.gateId()) + "',");
  }

  /**
   * The arguments the call would run with, every character of them (issue 32: a cut could hide what
   * runs): on one line when short, else pretty-printed on lines of their own, long lines left for
   * the terminal to wrap. Characters that could hide or reorder text are escapes.
   */
  static List<String> arguments(JsonNode args) {
    String compact = VisibleText.escape(HostJson.CODEC.writeJson(args));
    if (compact.length() <= ONE_LINE_ARGS_CHARS) {
      return List.of("    arguments: " + compact);
    }
    List<String> lines = new ArrayList<>();
    lines.add("    arguments, all " + compact.length() + " characters:");
    ShownText.jsonLines(args).forEach(line -> lines.add("      " + line));
    return lines;
  }

  @Override
  public void ended(PersonQuestion question, AskOutcome outcome, String answeredBy) {
    Integer number;
    synchronized (this) {
      number = numbers.remove(question.askId());
      if (number != null) {
        open.remove(number);
      }
      notifyAll();
    }
    if (number == null) {
      return;
    }
    // Another host names itself: host (<via>), free text of up to 64 characters.
    String elsewhere =
        NAME.equals(answeredBy) ? "" : " on " + VisibleText.escape(String.valueOf(answeredBy));
    String how =
        switch (outcome) {
          case ALLOWED -> "allowed" + elsewhere;
          case DENIED -> "denied" + elsewhere;
          case TIMED_OUT -> "nobody answered in time: denied";
          case WITHDRAWN -> "withdrawn (the call ended, or its gate left)";
        };
    out.say("  [" + number + "] " + how);
  }

  /**
   * The person's answer typed at the prompt: {@code y} or {@code n} ({@code command}), optionally
   * followed by the question's number ({@code rest}); the oldest open question without one.
   *
   * @throws CommandFailed when no question (or none of that number) is open
   */
  void answerLine(ConsoleCommand command, String rest) {
    boolean allow = command == ConsoleCommand.YES;
    PersonQuestion question;
    synchronized (this) {
      if (open.isEmpty()) {
        throw new CommandFailed("no question is waiting for an answer");
      }
      if (rest.isEmpty()) {
        question = open.values().iterator().next();
      } else {
        try {
          question = open.get(Integer.parseInt(rest));
        } catch (NumberFormatException e) {
          question = null;
        }
        if (question == null) {
          throw new CommandFailed("no question " + rest + " is waiting; open: " + open.keySet());
        }
      }
    }
    answer(question, allow);
  }

  private void answer(PersonQuestion question, boolean allow) {
    Boolean decided = CommandFailed.await(gateway.answerQuestion(question.askId(), allow, NAME));
    if (!decided) {
      out.say("  (too late: that question had ended)");
    }
  }

  /**
   * Waits for {@code future} as {@link CommandFailed#await} does, answering questions meanwhile:
   * while one is open, a {@code y} or {@code n} key (or line, without a terminal) answers the
   * oldest.
   */
  <T> T await(CompletableFuture<T> future, CommandInput in) {
    future.whenComplete((value, error) -> wake());
    CommandInput.AnswerKeys keys = null;
    try {
      while (!future.isDone() && !Thread.currentThread().isInterrupted()) {
        PersonQuestion oldest = oldest();
        if (oldest == null) {
          if (keys != null) {
            keys.close();
            keys = null;
          }
          waitForChange(future);
          continue;
        }
        if (keys == null) {
          keys = in.answerKeys();
        }
        String key = keys.poll(KEY_POLL);
        if (key != null) {
          answerKey(oldest, key);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // CommandFailed.await cancels what the command waits for
    } catch (IOException e) {
      out.say("  (cannot read answers any more: " + e.getMessage() + ")");
    } finally {
      if (keys != null) {
        keys.close();
      }
    }
    return CommandFailed.await(future);
  }

  private void answerKey(PersonQuestion oldest, String key) {
    switch (key.strip().toLowerCase(Locale.ROOT)) {
      case "y", "yes" -> answer(oldest, true);
      case "n", "no" -> answer(oldest, false);
      case "" -> {
        // Enter, or a blank line: nothing to answer yet
      }
      default -> out.say("  (a question is waiting: press y or n)");
    }
  }

  private synchronized PersonQuestion oldest() {
    return open.isEmpty() ? null : open.values().iterator().next();
  }

  /** Waits until a question opens or {@code future} completes (or the thread is interrupted). */
  private synchronized void waitForChange(CompletableFuture<?> future) throws InterruptedException {
    while (open.isEmpty() && !future.isDone()) {
      wait();
    }
  }

  private synchronized void wake() {
    notifyAll();
  }

  /** The questions open now, oldest first, for tests. */
  synchronized List<PersonQuestion> openQuestions() {
    return new ArrayList<>(open.values());
  }
}
