package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.util.List;
import java.util.Map;

/** The load driver's results: a markdown table and a JSON document. */
final class Report {

  private Report() {}

  /** A markdown table: figure, median (min–max), goal, verdict; notes below it. */
  static String markdown(List<Figure> figures, int runs) {
    return markdown(List.of(), figures, runs);
  }

  /**
   * {@link #markdown(List, int)} after {@code preamble}, one paragraph a line (what machine it was,
   * what the goals are measured against).
   */
  static String markdown(List<String> preamble, List<Figure> figures, int runs) {
    StringBuilder out = new StringBuilder();
    for (String paragraph : preamble) {
      out.append(paragraph).append("\n\n");
    }
    out.append("| figure | median (min–max) of ").append(runs).append(" runs | goal | verdict |\n");
    out.append("|---|---|---|---|\n");
    for (Figure figure : figures) {
      out.append("| ")
          .append(escape(figure.label()))
          .append(" | ")
          .append(figure.formatted())
          .append(" | ")
          .append(escape(figure.goal().text()))
          .append(" | ")
          .append(figure.verdict())
          .append(" |\n");
    }
    boolean first = true;
    for (Figure figure : figures) {
      if (figure.note() != null) {
        if (first) {
          out.append('\n');
          first = false;
        }
        out.append("- ").append(figure.label()).append(": ").append(figure.note()).append('\n');
      }
    }
    return out.toString();
  }

  /** Every figure with its runs, summary and goal, plus facts about the machine. */
  static String json(List<Figure> figures, Map<String, String> machine) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    ObjectNode about = root.putObject("machine");
    machine.forEach(about::put);
    ArrayNode list = root.putArray("figures");
    for (Figure figure : figures) {
      ObjectNode node = list.addObject();
      node.put("id", figure.id());
      node.put("label", figure.label());
      node.put("unit", figure.unit());
      ArrayNode values = node.putArray("runs");
      figure.values().forEach(values::add);
      if (figure.measured()) {
        Summary s = figure.summary();
        node.put("median", s.median());
        node.put("min", s.min());
        node.put("max", s.max());
        node.put("verdict", figure.verdict());
      }
      node.put("goal", figure.goal().text());
      if (figure.goal().kind() != Goal.Kind.NONE) {
        node.put("goalKind", figure.goal().kind().name());
        node.put("goalTarget", figure.goal().target());
      }
      if (figure.note() != null) {
        node.put("note", figure.note());
      }
    }
    return ProtocolCodec.create().writeJson(root);
  }

  private static String escape(String cell) {
    return cell.replace("|", "\\|");
  }
}
