package text

import "testing"

func TestLanguage(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"english", "The clerk checks the invoice. If the amount is above the limit, the manager approves it and the clerk pays the supplier.", "en"},
		{"spanish", "El cliente envía la solicitud por correo. El agente revisa los documentos y, si falta algún documento, pide al cliente que lo complete. Después el gerente aprueba la solicitud y se informa al cliente.", "es"},
		{"portuguese", "O cliente envia o pedido pelo portal. O atendente verifica os documentos e, se não estiverem completos, pede ao cliente que os complete. Depois o gerente aprova o pedido e o cliente é informado.", "pt"},
		{"german", "Der Kunde sendet den Antrag an die Sachbearbeiterin. Die Sachbearbeiterin prüft die Unterlagen und wenn etwas fehlt, wird der Kunde informiert. Danach genehmigt der Leiter den Antrag und die Buchhaltung zahlt.", "de"},
		{"french", "Le client envoie la demande par courrier. Le gestionnaire vérifie les documents et, si un document manque, il demande au client de compléter le dossier. Ensuite le responsable approuve la demande et le client est informé.", "fr"},
		{"mostly english with a spanish quote", "The agent answers the call in English or Spanish (\"Buenos días, ¿en qué puedo ayudarle?\"). The agent records the request in the ticket system and the team lead assigns it to a technician. The technician fixes the fault and closes the ticket.", "en"},
		{"too short to tell", "Revisar factura", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Language(tt.text); got != tt.want {
				t.Errorf("Language = %q, want %q", got, tt.want)
			}
		})
	}
}
