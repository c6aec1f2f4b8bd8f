// The children of each cc/v4 node type, in the order its productions
// (the grammar comments of cc/v4's ast.go) list them, so that a walk
// visits nodes in source order. Written from ast.go of cc/v4 v4.31:
// TestChildrenCoverAST checks that every node-typed field of every
// node type is visited.

package lower

import "modernc.org/cc/v4"

// children calls visit for each child node of n, in source order.
func children(n cc.Node, visit func(cc.Node)) {
	switch x := n.(type) {
	case *cc.AbstractDeclarator:
		if x == nil {
			return
		}
		if x.Pointer != nil {
			visit(x.Pointer)
		}
		if x.DirectAbstractDeclarator != nil {
			visit(x.DirectAbstractDeclarator)
		}
	case *cc.AdditiveExpression:
		if x == nil {
			return
		}
		if x.AdditiveExpression != nil {
			visit(x.AdditiveExpression)
		}
		if x.MultiplicativeExpression != nil {
			visit(x.MultiplicativeExpression)
		}
	case *cc.AlignmentSpecifier:
		if x == nil {
			return
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
	case *cc.AndExpression:
		if x == nil {
			return
		}
		if x.AndExpression != nil {
			visit(x.AndExpression)
		}
		if x.EqualityExpression != nil {
			visit(x.EqualityExpression)
		}
	case *cc.ArgumentExpressionList:
		if x == nil {
			return
		}
		if x.ArgumentExpressionList != nil {
			visit(x.ArgumentExpressionList)
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
	case *cc.Asm:
		if x == nil {
			return
		}
		if x.AsmQualifierList != nil {
			visit(x.AsmQualifierList)
		}
		if x.AsmArgList != nil {
			visit(x.AsmArgList)
		}
	case *cc.AsmArgList:
		if x == nil {
			return
		}
		if x.AsmArgList != nil {
			visit(x.AsmArgList)
		}
		if x.AsmExpressionList != nil {
			visit(x.AsmExpressionList)
		}
	case *cc.AsmExpressionList:
		if x == nil {
			return
		}
		if x.AsmExpressionList != nil {
			visit(x.AsmExpressionList)
		}
		if x.AsmIndex != nil {
			visit(x.AsmIndex)
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
	case *cc.AsmIndex:
		if x == nil {
			return
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
	case *cc.AsmQualifierList:
		if x == nil {
			return
		}
		if x.AsmQualifier != nil {
			visit(x.AsmQualifier)
		}
		if x.AsmQualifierList != nil {
			visit(x.AsmQualifierList)
		}
	case *cc.AsmStatement:
		if x == nil {
			return
		}
		if x.Asm != nil {
			visit(x.Asm)
		}
	case *cc.AssignmentExpression:
		if x == nil {
			return
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
		if x.ConditionalExpression != nil {
			visit(x.ConditionalExpression)
		}
		if x.UnaryExpression != nil {
			visit(x.UnaryExpression)
		}
	case *cc.AtomicTypeSpecifier:
		if x == nil {
			return
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
	case *cc.AttributeSpecifier:
		if x == nil {
			return
		}
		if x.AttributeValueList != nil {
			visit(x.AttributeValueList)
		}
	case *cc.AttributeSpecifierList:
		if x == nil {
			return
		}
		if x.AttributeSpecifier != nil {
			visit(x.AttributeSpecifier)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.AttributeValue:
		if x == nil {
			return
		}
		if x.ArgumentExpressionList != nil {
			visit(x.ArgumentExpressionList)
		}
	case *cc.AttributeValueList:
		if x == nil {
			return
		}
		if x.AttributeValue != nil {
			visit(x.AttributeValue)
		}
		if x.AttributeValueList != nil {
			visit(x.AttributeValueList)
		}
	case *cc.BlockItem:
		if x == nil {
			return
		}
		if x.Declaration != nil {
			visit(x.Declaration)
		}
		if x.DeclarationSpecifiers != nil {
			visit(x.DeclarationSpecifiers)
		}
		if x.LabelDeclaration != nil {
			visit(x.LabelDeclaration)
		}
		if x.Statement != nil {
			visit(x.Statement)
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.CompoundStatement != nil {
			visit(x.CompoundStatement)
		}
	case *cc.BlockItemList:
		if x == nil {
			return
		}
		if x.BlockItem != nil {
			visit(x.BlockItem)
		}
		if x.BlockItemList != nil {
			visit(x.BlockItemList)
		}
	case *cc.CastExpression:
		if x == nil {
			return
		}
		if x.CastExpression != nil {
			visit(x.CastExpression)
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
		if x.UnaryExpression != nil {
			visit(x.UnaryExpression)
		}
	case *cc.CompoundStatement:
		if x == nil {
			return
		}
		if x.BlockItemList != nil {
			visit(x.BlockItemList)
		}
	case *cc.ConditionalExpression:
		if x == nil {
			return
		}
		if x.ConditionalExpression != nil {
			visit(x.ConditionalExpression)
		}
		if x.LogicalOrExpression != nil {
			visit(x.LogicalOrExpression)
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
	case *cc.ConstantExpression:
		if x == nil {
			return
		}
		if x.ConditionalExpression != nil {
			visit(x.ConditionalExpression)
		}
	case *cc.Declaration:
		if x == nil {
			return
		}
		if x.DeclarationSpecifiers != nil {
			visit(x.DeclarationSpecifiers)
		}
		if x.StaticAssertDeclaration != nil {
			visit(x.StaticAssertDeclaration)
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.InitDeclaratorList != nil {
			visit(x.InitDeclaratorList)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
		if x.Initializer != nil {
			visit(x.Initializer)
		}
	case *cc.DeclarationList:
		if x == nil {
			return
		}
		if x.Declaration != nil {
			visit(x.Declaration)
		}
		if x.DeclarationList != nil {
			visit(x.DeclarationList)
		}
	case *cc.DeclarationSpecifiers:
		if x == nil {
			return
		}
		if x.AlignmentSpecifier != nil {
			visit(x.AlignmentSpecifier)
		}
		if x.DeclarationSpecifiers != nil {
			visit(x.DeclarationSpecifiers)
		}
		if x.FunctionSpecifier != nil {
			visit(x.FunctionSpecifier)
		}
		if x.StorageClassSpecifier != nil {
			visit(x.StorageClassSpecifier)
		}
		if x.TypeQualifier != nil {
			visit(x.TypeQualifier)
		}
		if x.TypeSpecifier != nil {
			visit(x.TypeSpecifier)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.Declarator:
		if x == nil {
			return
		}
		if x.Pointer != nil {
			visit(x.Pointer)
		}
		if x.DirectDeclarator != nil {
			visit(x.DirectDeclarator)
		}
	case *cc.Designation:
		if x == nil {
			return
		}
		if x.DesignatorList != nil {
			visit(x.DesignatorList)
		}
	case *cc.Designator:
		if x == nil {
			return
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
		if x.ConstantExpression2 != nil {
			visit(x.ConstantExpression2)
		}
	case *cc.DesignatorList:
		if x == nil {
			return
		}
		if x.Designator != nil {
			visit(x.Designator)
		}
		if x.DesignatorList != nil {
			visit(x.DesignatorList)
		}
	case *cc.DirectAbstractDeclarator:
		if x == nil {
			return
		}
		if x.AbstractDeclarator != nil {
			visit(x.AbstractDeclarator)
		}
		if x.DirectAbstractDeclarator != nil {
			visit(x.DirectAbstractDeclarator)
		}
		if x.ParameterTypeList != nil {
			visit(x.ParameterTypeList)
		}
		if x.TypeQualifiers != nil {
			visit(x.TypeQualifiers)
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
	case *cc.DirectDeclarator:
		if x == nil {
			return
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.DirectDeclarator != nil {
			visit(x.DirectDeclarator)
		}
		if x.IdentifierList != nil {
			visit(x.IdentifierList)
		}
		if x.ParameterTypeList != nil {
			visit(x.ParameterTypeList)
		}
		if x.TypeQualifiers != nil {
			visit(x.TypeQualifiers)
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
	case *cc.EnumSpecifier:
		if x == nil {
			return
		}
		if x.EnumTypeSpecifier != nil {
			visit(x.EnumTypeSpecifier)
		}
		if x.EnumeratorList != nil {
			visit(x.EnumeratorList)
		}
	case *cc.EnumTypeSpecifier:
		if x == nil {
			return
		}
		if x.SpecifierQualifierList != nil {
			visit(x.SpecifierQualifierList)
		}
	case *cc.Enumerator:
		if x == nil {
			return
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
	case *cc.EnumeratorList:
		if x == nil {
			return
		}
		if x.Enumerator != nil {
			visit(x.Enumerator)
		}
		if x.EnumeratorList != nil {
			visit(x.EnumeratorList)
		}
	case *cc.EqualityExpression:
		if x == nil {
			return
		}
		if x.EqualityExpression != nil {
			visit(x.EqualityExpression)
		}
		if x.RelationalExpression != nil {
			visit(x.RelationalExpression)
		}
	case *cc.ExclusiveOrExpression:
		if x == nil {
			return
		}
		if x.AndExpression != nil {
			visit(x.AndExpression)
		}
		if x.ExclusiveOrExpression != nil {
			visit(x.ExclusiveOrExpression)
		}
	case *cc.ExpressionList:
		if x == nil {
			return
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
	case *cc.ExpressionStatement:
		if x == nil {
			return
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.ExternalDeclaration:
		if x == nil {
			return
		}
		if x.AsmStatement != nil {
			visit(x.AsmStatement)
		}
		if x.Declaration != nil {
			visit(x.Declaration)
		}
		if x.FunctionDefinition != nil {
			visit(x.FunctionDefinition)
		}
	case *cc.FunctionDefinition:
		if x == nil {
			return
		}
		if x.DeclarationSpecifiers != nil {
			visit(x.DeclarationSpecifiers)
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.DeclarationList != nil {
			visit(x.DeclarationList)
		}
		if x.CompoundStatement != nil {
			visit(x.CompoundStatement)
		}
	case *cc.GenericAssociation:
		if x == nil {
			return
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
	case *cc.GenericAssociationList:
		if x == nil {
			return
		}
		if x.GenericAssociation != nil {
			visit(x.GenericAssociation)
		}
		if x.GenericAssociationList != nil {
			visit(x.GenericAssociationList)
		}
	case *cc.GenericSelection:
		if x == nil {
			return
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
		if x.GenericAssociationList != nil {
			visit(x.GenericAssociationList)
		}
	case *cc.IdentifierList:
		if x == nil {
			return
		}
		if x.IdentifierList != nil {
			visit(x.IdentifierList)
		}
	case *cc.InclusiveOrExpression:
		if x == nil {
			return
		}
		if x.ExclusiveOrExpression != nil {
			visit(x.ExclusiveOrExpression)
		}
		if x.InclusiveOrExpression != nil {
			visit(x.InclusiveOrExpression)
		}
	case *cc.InitDeclarator:
		if x == nil {
			return
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.Asm != nil {
			visit(x.Asm)
		}
		if x.Initializer != nil {
			visit(x.Initializer)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.InitDeclaratorList:
		if x == nil {
			return
		}
		if x.InitDeclarator != nil {
			visit(x.InitDeclarator)
		}
		if x.InitDeclaratorList != nil {
			visit(x.InitDeclaratorList)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.Initializer:
		if x == nil {
			return
		}
		if x.AssignmentExpression != nil {
			visit(x.AssignmentExpression)
		}
		if x.InitializerList != nil {
			visit(x.InitializerList)
		}
	case *cc.InitializerList:
		if x == nil {
			return
		}
		if x.Designation != nil {
			visit(x.Designation)
		}
		if x.InitializerList != nil {
			visit(x.InitializerList)
		}
		if x.Initializer != nil {
			visit(x.Initializer)
		}
	case *cc.IterationStatement:
		if x == nil {
			return
		}
		if x.Case == cc.IterationStatementDo && x.Statement != nil {
			visit(x.Statement)
		}
		if x.Declaration != nil {
			visit(x.Declaration)
		}
		for _, e := range []cc.ExpressionNode{x.ExpressionList, x.ExpressionList2, x.ExpressionList3} {
			if e != nil {
				visit(e)
			}
		}
		if x.Case != cc.IterationStatementDo && x.Statement != nil {
			visit(x.Statement)
		}
	case *cc.JumpStatement:
		if x == nil {
			return
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
	case *cc.LabelDeclaration:
		if x == nil {
			return
		}
		if x.IdentifierList != nil {
			visit(x.IdentifierList)
		}
	case *cc.LabeledStatement:
		if x == nil {
			return
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
		if x.Statement != nil {
			visit(x.Statement)
		}
		if x.ConstantExpression2 != nil {
			visit(x.ConstantExpression2)
		}
	case *cc.LogicalAndExpression:
		if x == nil {
			return
		}
		if x.InclusiveOrExpression != nil {
			visit(x.InclusiveOrExpression)
		}
		if x.LogicalAndExpression != nil {
			visit(x.LogicalAndExpression)
		}
	case *cc.LogicalOrExpression:
		if x == nil {
			return
		}
		if x.LogicalAndExpression != nil {
			visit(x.LogicalAndExpression)
		}
		if x.LogicalOrExpression != nil {
			visit(x.LogicalOrExpression)
		}
	case *cc.MultiplicativeExpression:
		if x == nil {
			return
		}
		if x.CastExpression != nil {
			visit(x.CastExpression)
		}
		if x.MultiplicativeExpression != nil {
			visit(x.MultiplicativeExpression)
		}
	case *cc.ParameterDeclaration:
		if x == nil {
			return
		}
		if x.DeclarationSpecifiers != nil {
			visit(x.DeclarationSpecifiers)
		}
		if x.AbstractDeclarator != nil {
			visit(x.AbstractDeclarator)
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.ParameterList:
		if x == nil {
			return
		}
		if x.ParameterDeclaration != nil {
			visit(x.ParameterDeclaration)
		}
		if x.ParameterList != nil {
			visit(x.ParameterList)
		}
	case *cc.ParameterTypeList:
		if x == nil {
			return
		}
		if x.ParameterList != nil {
			visit(x.ParameterList)
		}
	case *cc.Pointer:
		if x == nil {
			return
		}
		if x.Pointer != nil {
			visit(x.Pointer)
		}
		if x.TypeQualifiers != nil {
			visit(x.TypeQualifiers)
		}
	case *cc.PostfixExpression:
		if x == nil {
			return
		}
		if x.PostfixExpression != nil {
			visit(x.PostfixExpression)
		}
		if x.PrimaryExpression != nil {
			visit(x.PrimaryExpression)
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
		if x.ArgumentExpressionList != nil {
			visit(x.ArgumentExpressionList)
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
		if x.InitializerList != nil {
			visit(x.InitializerList)
		}
	case *cc.PrimaryExpression:
		if x == nil {
			return
		}
		if x.CompoundStatement != nil {
			visit(x.CompoundStatement)
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
		if x.GenericSelection != nil {
			visit(x.GenericSelection)
		}
	case *cc.RelationalExpression:
		if x == nil {
			return
		}
		if x.RelationalExpression != nil {
			visit(x.RelationalExpression)
		}
		if x.ShiftExpression != nil {
			visit(x.ShiftExpression)
		}
	case *cc.SelectionStatement:
		if x == nil {
			return
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
		if x.Statement != nil {
			visit(x.Statement)
		}
		if x.Statement2 != nil {
			visit(x.Statement2)
		}
	case *cc.ShiftExpression:
		if x == nil {
			return
		}
		if x.AdditiveExpression != nil {
			visit(x.AdditiveExpression)
		}
		if x.ShiftExpression != nil {
			visit(x.ShiftExpression)
		}
	case *cc.SpecifierQualifierList:
		if x == nil {
			return
		}
		if x.AlignmentSpecifier != nil {
			visit(x.AlignmentSpecifier)
		}
		if x.SpecifierQualifierList != nil {
			visit(x.SpecifierQualifierList)
		}
		if x.TypeQualifier != nil {
			visit(x.TypeQualifier)
		}
		if x.TypeSpecifier != nil {
			visit(x.TypeSpecifier)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.Statement:
		if x == nil {
			return
		}
		if x.AsmStatement != nil {
			visit(x.AsmStatement)
		}
		if x.CompoundStatement != nil {
			visit(x.CompoundStatement)
		}
		if x.ExpressionStatement != nil {
			visit(x.ExpressionStatement)
		}
		if x.IterationStatement != nil {
			visit(x.IterationStatement)
		}
		if x.JumpStatement != nil {
			visit(x.JumpStatement)
		}
		if x.LabeledStatement != nil {
			visit(x.LabeledStatement)
		}
		if x.SelectionStatement != nil {
			visit(x.SelectionStatement)
		}
	case *cc.StaticAssertDeclaration:
		if x == nil {
			return
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
	case *cc.StructDeclaration:
		if x == nil {
			return
		}
		if x.SpecifierQualifierList != nil {
			visit(x.SpecifierQualifierList)
		}
		if x.StaticAssertDeclaration != nil {
			visit(x.StaticAssertDeclaration)
		}
		if x.StructDeclaratorList != nil {
			visit(x.StructDeclaratorList)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.StructDeclarationList:
		if x == nil {
			return
		}
		if x.StructDeclaration != nil {
			visit(x.StructDeclaration)
		}
		if x.StructDeclarationList != nil {
			visit(x.StructDeclarationList)
		}
	case *cc.StructDeclarator:
		if x == nil {
			return
		}
		if x.Declarator != nil {
			visit(x.Declarator)
		}
		if x.ConstantExpression != nil {
			visit(x.ConstantExpression)
		}
	case *cc.StructDeclaratorList:
		if x == nil {
			return
		}
		if x.StructDeclarator != nil {
			visit(x.StructDeclarator)
		}
		if x.StructDeclaratorList != nil {
			visit(x.StructDeclaratorList)
		}
	case *cc.StructOrUnionSpecifier:
		if x == nil {
			return
		}
		if x.StructOrUnion != nil {
			visit(x.StructOrUnion)
		}
		if x.StructDeclarationList != nil {
			visit(x.StructDeclarationList)
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
		if x.AttributeSpecifierList2 != nil {
			visit(x.AttributeSpecifierList2)
		}
	case *cc.TranslationUnit:
		if x == nil {
			return
		}
		if x.ExternalDeclaration != nil {
			visit(x.ExternalDeclaration)
		}
		if x.TranslationUnit != nil {
			visit(x.TranslationUnit)
		}
	case *cc.TypeName:
		if x == nil {
			return
		}
		if x.SpecifierQualifierList != nil {
			visit(x.SpecifierQualifierList)
		}
		if x.AbstractDeclarator != nil {
			visit(x.AbstractDeclarator)
		}
	case *cc.TypeQualifier:
		if x == nil {
			return
		}
		if x.AttributeSpecifierList != nil {
			visit(x.AttributeSpecifierList)
		}
	case *cc.TypeQualifiers:
		if x == nil {
			return
		}
		if x.TypeQualifier != nil {
			visit(x.TypeQualifier)
		}
		if x.TypeQualifiers != nil {
			visit(x.TypeQualifiers)
		}
	case *cc.TypeSpecifier:
		if x == nil {
			return
		}
		if x.AtomicTypeSpecifier != nil {
			visit(x.AtomicTypeSpecifier)
		}
		if x.EnumSpecifier != nil {
			visit(x.EnumSpecifier)
		}
		if x.StructOrUnionSpecifier != nil {
			visit(x.StructOrUnionSpecifier)
		}
		if x.ExpressionList != nil {
			visit(x.ExpressionList)
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
	case *cc.UnaryExpression:
		if x == nil {
			return
		}
		if x.CastExpression != nil {
			visit(x.CastExpression)
		}
		if x.PostfixExpression != nil {
			visit(x.PostfixExpression)
		}
		if x.UnaryExpression != nil {
			visit(x.UnaryExpression)
		}
		if x.TypeName != nil {
			visit(x.TypeName)
		}
	}
}
