package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.shell.internal.Runners;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the guard knows a program does with its arguments (issue 60): from the table {@code
 * programs.json}, the program's kinds ({@link ProgramKind}) and the table of programs that run
 * programs ({@link Runners}); or that it does not know. {@code explain} says which; a literal
 * program the guard does not know is allowed, and shown as unknown.
 */
public final class ProgramKnowledge {
  private static final Map<String, String> DOES;
  private static final Map<String, List<String>> OF;

  static {
    JsonNode table;
    try (InputStream in =
        ProgramKnowledge.class.getResourceAsStream(
            "/io/github/providergateway/guard/programs.json")) {
      if (in == null) {
        throw new IllegalStateException("the guard has no programs.json");
      }
      table = new ObjectMapper().readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("programs.json does not read", e);
    }
    Map<String, String> does = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = table.path("does").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      does.put(entry.getKey(), entry.getValue().asText());
    }
    Map<String, List<String>> of = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = table.path("programs").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      if (!does.containsKey(entry.getKey())) {
        throw new IllegalStateException("programs.json: no 'does' for " + entry.getKey());
      }
      for (JsonNode name : entry.getValue()) {
        of.computeIfAbsent(name.asText(), n -> new ArrayList<>()).add(entry.getKey());
      }
    }
    DOES = Collections.unmodifiableMap(does);
    OF = Collections.unmodifiableMap(of);
  }

  private ProgramKnowledge() {}

  /**
   * What the guard knows {@code program} does, as short phrases; empty when it does not know it.
   *
   * @param program a program's name without its folder
   * @return what it does
   */
  public static List<String> of(String program) {
    List<String> known = new ArrayList<>();
    for (String effect : OF.getOrDefault(program, List.of())) {
      known.add(effect);
    }
    Runners.Row row = Runners.of(program);
    if (row != null) {
      known.add("runs what it is given");
    }
    int kinds = ProgramKind.of(program);
    for (ProgramKind kind : ProgramKind.values()) {
      if (kind.in(kinds) && known.size() < 4) {
        known.add(kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
      }
    }
    if (known.isEmpty() && ProgramKind.isInterpreter(program)) {
      known.add("interpreter");
    }
    return known;
  }

  /** {@return whether the guard knows what {@code program} does} */
  public static boolean known(String program) {
    return !of(program).isEmpty();
  }

  /** {@return every effect the table names, with what it means} */
  public static Map<String, String> effects() {
    return DOES;
  }
}
