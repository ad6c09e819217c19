package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The BOM (provider-gateway-bom) stays in step with the build: it lists every library module of the
 * root pom with the build's version, and gives an importing project nothing else (no parent, so
 * none of the build's own pins of Jackson, JUnit or Tyrus, and no imports of other BOMs).
 */
class BomTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Modules that publish no library: the BOM itself, and the benchmarks. */
  private static final List<String> NOT_LISTED = List.of("provider-gateway-bom", "benchmarks");

  @Test
  void theBomListsEveryLibraryModuleWithTheBuildsVersion() throws Exception {
    Element root = pom(ROOT.resolve("pom.xml"));
    List<String> libraries = new ArrayList<>(texts(child(root, "modules"), "module"));
    libraries.removeAll(NOT_LISTED);

    Element bom = pom(ROOT.resolve("provider-gateway-bom/pom.xml"));
    List<Element> managed =
        children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency");

    assertThat(managed)
        .extracting(d -> text(d, "artifactId"))
        .containsExactlyInAnyOrderElementsOf(libraries);
    assertThat(managed).extracting(d -> text(d, "groupId")).containsOnly(text(root, "groupId"));
    assertThat(managed).extracting(d -> text(d, "version")).containsOnly("${project.version}");
    assertThat(managed).extracting(d -> text(d, "scope")).containsOnly((String) null);
  }

  @Test
  void theBomIsStandaloneWithTheBuildsCoordinates() throws Exception {
    Element root = pom(ROOT.resolve("pom.xml"));
    Element bom = pom(ROOT.resolve("provider-gateway-bom/pom.xml"));

    assertThat(child(bom, "parent")).as("a parent would leak the build's pins").isNull();
    assertThat(text(bom, "groupId")).isEqualTo(text(root, "groupId"));
    assertThat(text(bom, "version")).isEqualTo(text(root, "version"));
    assertThat(text(bom, "packaging")).isEqualTo("pom");
    assertThat(texts(child(root, "modules"), "module")).contains("provider-gateway-bom");
  }

  private static Element pom(Path file) throws Exception {
    Document document =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
    return document.getDocumentElement();
  }

  /** The first child element named {@code name}, or null. */
  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node node = nodes.item(i);
      if (node instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }

  /** The text of the child element named {@code name}, or null. */
  private static String text(Element parent, String name) {
    Element element = child(parent, name);
    return element == null ? null : element.getTextContent().strip();
  }

  private static List<String> texts(Element parent, String name) {
    return children(parent, name).stream().map(e -> e.getTextContent().strip()).toList();
  }
}
