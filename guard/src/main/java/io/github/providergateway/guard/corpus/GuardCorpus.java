package io.github.providergateway.guard.corpus;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The labelled corpus that ships in the guard's jar (issue 44, "Measured, and published"): some
 * thousand tool calls an agent could make, each with what the {@code standard} preset should
 * decide, in four categories (must-block, must-allow, bypass, edge) and two splits (a fifth of
 * every category is holdout, kept out of rule-writing). {@code CorpusTest} runs it in {@code mvn
 * verify}; {@code gateway guard test} runs it through the hook paths. The cases assume the machine
 * of {@link #setting()}; none of them is ever run.
 *
 * <p>The files sit beside this class: {@code corpus.jsonl} (a case a line), {@code
 * environment.json} (the setting), {@code README.md} (the fields, the rules of the holdout) and
 * {@code SOURCES.md} (what informed each category).
 */
public final class GuardCorpus {
  static final String CASES = "corpus.jsonl";
  static final String SETTING = "environment.json";
  private static final Set<String> FIELDS =
      NameSet.of(
          "id",
          "category",
          "split",
          "tool",
          "args",
          "cwd",
          "expect",
          "family",
          "oneCallVisible",
          "note");

  private final CorpusSetting setting;
  private final List<CorpusCase> cases;

  private GuardCorpus(CorpusSetting setting, List<CorpusCase> cases) {
    this.setting = setting;
    this.cases = List.copyOf(cases);
  }

  /**
   * Reads the corpus shipped in the guard's jar.
   *
   * @return the corpus
   * @throws IllegalStateException when a file is missing or a line is malformed (a build defect)
   */
  public static GuardCorpus load() {
    try (InputStream setting = open(SETTING);
        InputStream cases = open(CASES)) {
      return read(setting, cases);
    } catch (IOException e) {
      throw new UncheckedIOException("the guard corpus cannot be read", e);
    }
  }

  private static InputStream open(String name) {
    InputStream in = GuardCorpus.class.getResourceAsStream(name);
    if (in == null) {
      throw new IllegalStateException("the guard corpus has no " + name + " in the jar");
    }
    return in;
  }

  /**
   * Reads a corpus from its two files.
   *
   * @param setting the {@code environment.json}
   * @param cases the {@code corpus.jsonl}: a case a line; blank lines are skipped
   * @return the corpus
   * @throws IOException when a stream fails
   * @throws IllegalStateException naming the line, when a line is malformed or repeats an id
   */
  static GuardCorpus read(InputStream setting, InputStream cases) throws IOException {
    ObjectMapper json = JsonMapper.builder().build();
    CorpusSetting read = setting(json.readTree(setting));
    List<CorpusCase> list = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    BufferedReader lines = new BufferedReader(new InputStreamReader(cases, UTF_8));
    int number = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      CorpusCase corpusCase;
      try {
        corpusCase = corpusCase(json.readTree(line));
      } catch (JsonProcessingException | IllegalArgumentException e) {
        throw new IllegalStateException(CASES + " line " + number + ": " + e.getMessage(), e);
      }
      if (!ids.add(corpusCase.id())) {
        throw new IllegalStateException(
            CASES + " line " + number + ": the id " + corpusCase.id() + " is used twice");
      }
      list.add(corpusCase);
    }
    return new GuardCorpus(read, list);
  }

  private static CorpusSetting setting(JsonNode node) {
    List<Path> temp = new ArrayList<>();
    node.path("tempDirs").forEach(dir -> temp.add(Path.of(dir.asText())));
    return new CorpusSetting(
        path(node, "project"),
        path(node, "cwd"),
        path(node, "userHome"),
        path(node, "gatewayHome"),
        temp);
  }

  private static Path path(JsonNode node, String field) {
    if (!node.path(field).isTextual()) {
      throw new IllegalStateException(SETTING + " needs the text field " + field);
    }
    return Path.of(node.path(field).asText());
  }

  private static CorpusCase corpusCase(JsonNode node) {
    if (!node.isObject()) {
      throw new IllegalArgumentException("a case is a JSON object");
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!FIELDS.contains(name)) {
        throw new IllegalArgumentException("unknown field " + name + "; known: " + FIELDS);
      }
    }
    JsonNode visible = node.path("oneCallVisible");
    if (!visible.isMissingNode() && !visible.isBoolean()) {
      throw new IllegalArgumentException("oneCallVisible is true or false");
    }
    return new CorpusCase(
        text(node, "id", true),
        CorpusCase.Category.of(text(node, "category", true)),
        CorpusCase.Split.of(text(node, "split", true)),
        text(node, "tool", true),
        node.path("args"),
        text(node, "cwd", false),
        CorpusCase.Expected.of(text(node, "expect", true)),
        text(node, "family", false),
        visible.asBoolean(true),
        text(node, "note", true));
  }

  private static String text(JsonNode node, String field, boolean required) {
    JsonNode value = node.path(field);
    if (value.isMissingNode() && !required) {
      return null;
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException("the field " + field + " must be text");
    }
    return value.asText();
  }

  /** {@return the machine the cases assume} */
  public CorpusSetting setting() {
    return setting;
  }

  /** {@return every case, in the file's order} */
  public List<CorpusCase> cases() {
    return cases;
  }
}
