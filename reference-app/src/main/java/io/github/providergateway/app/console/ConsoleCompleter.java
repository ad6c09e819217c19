package io.github.providergateway.app.console;

import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion for the console: command names first; then tool names after {@code call} and
 * {@code hook}, session ids after {@code use} and {@code end}, {@code stream@provider} names after
 * {@code stream}, {@code watch} and {@code unwatch}, the spec's event names after {@code event},
 * {@code release} after {@code gates} and the providers whose gates are held after {@code gates
 * release}.
 *
 * <p>It asks the gateway what it knows at that moment ({@link HostApi}, whose futures complete on
 * the gateway loop) and waits for the answer on the reader's thread, at most {@link #ASK_LIMIT}: a
 * gateway that does not answer in time costs the person no more than an empty completion, and the
 * loop itself never waits for the completer. Reader thread only.
 */
final class ConsoleCompleter implements Completer {

  /** How long a TAB waits for the gateway before it offers nothing. */
  static final Duration ASK_LIMIT = Duration.ofMillis(500);

  /** The event names of the spec a host sends, for {@code event}. */
  private static final List<String> EVENT_NAMES =
      List.of(
          SessionEvents.USER_MESSAGE,
          SessionEvents.ASSISTANT_MESSAGE,
          SessionEvents.ASSISTANT_INTENT,
          SessionEvents.TOOL_EXECUTION_COMPLETE);

  /** What {@code audit} filters on by a bare word: the decision kinds, as the trail spells them. */
  private static final List<String> AUDIT_KINDS =
      java.util.Arrays.stream(io.github.providergateway.gateway.event.DecisionKind.values())
          .map(kind -> kind.name().toLowerCase(java.util.Locale.ROOT))
          .toList();

  private final HostApi api;
  private final ConsoleSessions sessions;
  private final KnownStreams streams;
  private final StreamWatches watches;

  /** The config's entry names, after {@code reload}. */
  private final Supplier<List<String>> entries;

  /** The providers whose gates are held, after {@code gates release}. */
  private final Supplier<CompletableFuture<List<String>>> heldProviders;

  ConsoleCompleter(
      HostApi api,
      ConsoleSessions sessions,
      KnownStreams streams,
      StreamWatches watches,
      Supplier<List<String>> entries) {
    this(
        api,
        sessions,
        streams,
        watches,
        entries,
        () -> CompletableFuture.completedFuture(List.of()));
  }

  ConsoleCompleter(
      HostApi api,
      ConsoleSessions sessions,
      KnownStreams streams,
      StreamWatches watches,
      Supplier<List<String>> entries,
      Supplier<CompletableFuture<List<String>>> heldProviders) {
    this.api = api;
    this.sessions = sessions;
    this.streams = streams;
    this.watches = watches;
    this.entries = entries;
    this.heldProviders = heldProviders;
  }

  @Override
  public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
    // JLine keeps the candidates that start with the word under the cursor.
    for (String value : candidates(line.words(), line.wordIndex())) {
      candidates.add(new Candidate(value));
    }
  }

  /** What may stand as word {@code wordIndex} of {@code words} (the words typed so far). */
  List<String> candidates(List<String> words, int wordIndex) {
    if (wordIndex == 0) {
      return ConsoleCommand.words();
    }
    Optional<ConsoleCommand> command = ConsoleCommand.named(words.get(0));
    if (wordIndex == 2
        && command.isPresent()
        && command.get() == ConsoleCommand.GATES
        && words.get(1).equals("release")) {
      return answer(heldProviders.get()).orElse(List.of());
    }
    if (wordIndex == 2 && command.isPresent() && command.get() == ConsoleCommand.HOOK) {
      // hook AGENT TOOL: the agent's own tool names (HookQuestion maps them as its hook does).
      Map<String, String> tools =
          HookQuestion.agentTools().entrySet().stream()
              .filter(agent -> agent.getKey().word().equalsIgnoreCase(words.get(1)))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse(Map.of());
      return new ArrayList<>(new java.util.TreeSet<>(tools.keySet()));
    }
    if (wordIndex != 1 || command.isEmpty()) {
      return List.of();
    }
    return switch (command.get()) {
      case CALL -> toolNames();
      case HOOK -> {
        List<String> names = new ArrayList<>(toolNames());
        names.addAll(HookQuestion.agentWords());
        yield names;
      }
      case USE, END -> sessionIds();
      case STREAM, WATCH -> streamNames();
      case UNWATCH -> watches.watched();
      case EVENT -> EVENT_NAMES;
      case AUDIT -> AUDIT_KINDS;
      case RELOAD -> entries.get();
      case GATES -> List.of("release");
      case SESSIONS,
          START,
          IDLE,
          INTERRUPT,
          PROVIDERS,
          TOOLS,
          PROMPT,
          HELP,
          QUIT,
          WHY,
          STATUS,
          YES,
          NO ->
          List.of();
    };
  }

  /** The current session's tool names, or none. */
  private List<String> toolNames() {
    String session = sessions.current();
    if (session == null) {
      return List.of();
    }
    return answer(api.tools(session))
        .map(tools -> tools.stream().map(HostTool::name).toList())
        .orElse(List.of());
  }

  private List<String> sessionIds() {
    return answer(api.sessions())
        .map(list -> list.stream().map(SessionInfo::id).toList())
        .orElse(List.of());
  }

  private List<String> streamNames() {
    Set<String> names = new LinkedHashSet<>(streams.of(sessions.current()));
    names.addAll(watches.watched());
    return new ArrayList<>(names);
  }

  /** The future's value if it comes within {@link #ASK_LIMIT}; else (or if it fails) none. */
  private static <T> Optional<T> answer(CompletableFuture<T> future) {
    try {
      return Optional.of(future.get(ASK_LIMIT.toMillis(), TimeUnit.MILLISECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } catch (ExecutionException | TimeoutException e) {
      return Optional.empty(); // nothing to offer: the person can still type the name
    }
  }
}
